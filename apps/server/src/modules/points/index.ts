// The points module's surface for other modules: a member's points records, and the one way points change.
export { changePoints } from './ledger-queries.js';
export { findRecords } from './queries.js';
