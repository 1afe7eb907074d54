/** Segment-aware: '/payment' covers '/payment/result' but not '/payments-faq'. */
export function underArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}
