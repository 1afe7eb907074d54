/* What other console features use of the dashboard: its figures as the operator's locale writes them. */
export { formatCount, formatShare } from './figures';
