export { App } from './app';
export { leaveForSignIn } from './sign-in';
