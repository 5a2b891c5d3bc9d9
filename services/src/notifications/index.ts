// notifications/'s public entry: what the other features use of it (services/boundaries.js).
export { notificationNumbersDecider } from './notification';
