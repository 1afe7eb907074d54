// The membership module's surface for other modules: a member locked for a VIP change, and the change.
export { findUserForUpdate, setUserVip } from './queries.js';
