/* What other console features use of the operators: the list of them the audit log filters by. */
export { operatorsQueryOptions } from './api';
