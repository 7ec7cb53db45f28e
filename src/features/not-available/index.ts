export { NotAvailableYet } from './not-available-screen';
