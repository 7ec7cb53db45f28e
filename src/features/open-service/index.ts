export { OpenServiceScreen } from './open-service-screen';
