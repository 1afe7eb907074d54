import type { OperatorRole } from '@drama/contracts';
import { Tag } from 'antd';
import { useI18n } from '../i18n/i18n';

const COLORS: Record<OperatorRole, string> = { owner: 'magenta', content: 'blue', support: 'green', finance: 'gold' };

export function RoleTag({ role }: { role: OperatorRole }) {
  const { t } = useI18n();
  return (
    <Tag color={COLORS[role]} variant="outlined">
      {t(`role.${role}`)}
    </Tag>
  );
}
