// The member settings' surface for other modules: whether a member's switch is on, inside a query.
export { switchIsOn } from './queries.js';
