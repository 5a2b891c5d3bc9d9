// customers/'s public entry: what the other features use of it (services/boundaries.js).
export { customerDecider } from './customer';
export { customerName } from './customer-names';
export { searchUrlOf } from './view';
