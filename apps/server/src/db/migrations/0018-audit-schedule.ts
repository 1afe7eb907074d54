/**
 * A scheduled drama comes out by itself on the first request after its time; the audit log
 * records that release too, as done for the operator who scheduled it, by way of 'schedule'.
 */
export const statements = [
  `alter table audit_log drop constraint audit_log_via_check`,
  `alter table audit_log add constraint audit_log_via_check check (via in ('session', 'token', 'bootstrap', 'schedule'))`,
];
