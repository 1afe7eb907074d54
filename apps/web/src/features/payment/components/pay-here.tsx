import { sandboxJsapiCheckoutPath, type OrderDetail } from '@drama/contracts';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ChannelIcon } from '../../../shared/ui/channel-icon';
import { InlineError } from '../../../shared/ui/inline-error';
import { useCreateOrder } from '../../orders';
import { withWatchTarget, type WatchTarget } from '../../../shared/watch-target/watch-target';
import {
  beginOauthTrip,
  endOauthTrip,
  oauthTripOpen,
  payWithWeixinBridge,
  rememberTarget,
  returnedResultPath,
  wechatOauthPath,
} from '../lib/launch';
import { payModeFor, type PayPlace } from '../lib/pay-place';

interface PayHereProps {
  order: OrderDetail;
  place: Exclude<PayPlace, 'computer'>;
  /** Whether the order's channel is the sandbox; undefined while the channels load. */
  sandbox: boolean | undefined;
  /** The episode this purchase unlocks, for the result page the channel returns to. */
  target: WatchTarget | null;
}

/**
 * Pays on this phone: opens the channel's page (Alipay wap.pay, WeChat Pay H5, or the sandbox's
 * checkout), or inside WeChat pays with its JSAPI after the OAuth step gives the payer's openid.
 * The same order is asked for again in that mode, so its number and amount stay.
 */
export function PayHere({ order, place, sandbox, target }: PayHereProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const create = useCreateOrder();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<'open' | 'jsapi' | null>(params.get('wxOauth') === 'failed' ? 'open' : null);
  const mode = payModeFor(place, order.channel);
  const channel = t(`membership.channels.${order.channel}`);
  // Taken only back from a trip this tab began, and kept here: the address forgets it below.
  const [openid] = useState(() => {
    const given = params.get('wxOpenid');
    return given && oauthTripOpen(order.id) ? given : null;
  });
  const busy = leaving || create.isPending;

  const pay = async () => {
    setFailure(null);
    rememberTarget(order.id, target);
    if (mode === 'jsapi' && sandbox === false && !openid) {
      setLeaving(true);
      beginOauthTrip(order.id);
      window.location.assign(wechatOauthPath(order.id));
      return;
    }
    let payment;
    try {
      ({ payment } = await create.mutateAsync({
        planId: order.planId,
        channel: order.channel,
        mode,
        ...(mode === 'jsapi' && !sandbox && openid ? { openid } : {}),
      }));
    } catch {
      setFailure('open');
      return;
    }
    if (payment.redirectUrl) {
      setLeaving(true);
      window.location.assign(payment.redirectUrl);
      return;
    }
    if (!payment.jsapiParams) return setFailure('open');
    if (sandbox) {
      // The sandbox's stand-in for WeChat's payment sheet: its checkout, with the signed parameters.
      setLeaving(true);
      window.location.assign(sandboxJsapiCheckoutPath(order.orderNo, payment.jsapiParams));
      return;
    }
    const answer = await payWithWeixinBridge(payment.jsapiParams);
    if (answer === 'ok') void navigate(withWatchTarget(returnedResultPath(order.id), target), { replace: true });
    else if (answer === 'fail') setFailure('jsapi');
  };

  // Back from the OAuth step the payer started by tapping Pay: go on to WeChat's payment sheet
  // rather than ask for a second tap. Once per page: a closed sheet waits for the button.
  const resumed = useRef(false);
  useEffect(() => {
    if (params.has('wxOpenid')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('wxOpenid');
          return next;
        },
        { replace: true },
      );
    }
    if (resumed.current || mode !== 'jsapi' || sandbox !== false || !openid) return;
    resumed.current = true;
    endOauthTrip(order.id);
    void pay();
  });

  return (
    <div className="flex w-full flex-col items-center gap-3">
      <button
        type="button"
        data-testid="pay-here"
        data-mode={mode}
        disabled={busy || sandbox === undefined}
        onClick={() => void pay()}
        className="btn-primary h-12 w-full text-base disabled:opacity-60"
      >
        {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <ChannelIcon channel={order.channel} size="sm" />}
        {busy ? t('payment.opening', { channel }) : t('payment.payHere', { channel })}
      </button>
      {failure && (
        <InlineError
          className="w-full text-left"
          title={failure === 'jsapi' ? t('payment.jsapiFailed') : params.get('wxOauth') === 'failed' && !create.error ? t('payment.wechatOauthFailed') : t('payment.openFailed')}
          error={create.error}
          onRetry={() => void pay()}
        />
      )}
    </div>
  );
}
