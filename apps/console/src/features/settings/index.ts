/* What other console features use of the settings: the outbox of messages the server sent. */
export { outboxQueryOptions } from './api';
