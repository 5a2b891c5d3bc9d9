// customers/'s public entry: what the other features use of it (services/boundaries.js).
export { customerName } from './commands';
export { customerDecider } from './customer';
export { searchUrlOf } from './search-url';
