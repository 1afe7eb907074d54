import type { TaskType } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formErrorMessage } from '../../../shared/i18n/error-message';
import { useLocale } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useClaimTask } from '../api/claim-task';
import { formatPoints } from '../lib/format';

/**
 * Claims a task's reward (for dailyCheckIn: checks in) and says how it went: "+N points", or
 * why not (already received, not completed, or that receiving failed).
 */
export function useClaimReward() {
  const { t } = useTranslation();
  const locale = useLocale();
  const claim = useClaimTask();
  const claimReward = (taskType: TaskType) => {
    if (claim.isPending) return;
    claim.mutate(taskType, {
      onSuccess: (result) => {
        const points = formatPoints(result.reward, locale);
        toast.success(
          taskType === 'dailyCheckIn' ? t('points.checkIn.success', { points }) : t('points.earned', { points }),
        );
      },
      onError: (error) => toast.error(formErrorMessage(t, error, 'points.tasks.claimFailed')),
    });
  };
  return { claimReward, pending: claim.isPending, pendingType: claim.isPending ? claim.variables : null };
}
