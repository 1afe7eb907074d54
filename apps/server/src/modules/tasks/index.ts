// The tasks module's surface for other modules: linking a new member to whoever invited them.
export { linkInviter } from './queries.js';
