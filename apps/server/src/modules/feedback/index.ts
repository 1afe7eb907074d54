// The feedback module's surface for other modules: a member's feedback, its screenshots and replies.
export { findFeedbackPage, findReplies, findScreenshots } from './queries.js';
