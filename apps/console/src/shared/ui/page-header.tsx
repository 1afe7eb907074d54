import type { ReactNode } from 'react';
import { Breadcrumb, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useFrameCrumbs, type Crumb } from './breadcrumbs';

interface PageHeaderProps {
  title: string;
  /** The page's primary action (and at most a few secondary ones), at the right. */
  extra?: ReactNode;
  /** Crumbs below the menu entry's, for pages deeper than a list (a drama's episodes…). */
  crumbs?: readonly Crumb[];
}

/** Every page's head: breadcrumbs from the menu, the title, the primary action. */
export function PageHeader({ title, extra, crumbs = [] }: PageHeaderProps) {
  const frame = useFrameCrumbs();
  const trail = [...frame, ...crumbs];
  return (
    <div className="page-header">
      {trail.length > 0 && (
        <Breadcrumb
          items={trail.map((crumb) => ({
            key: `${crumb.title}-${crumb.path ?? ''}`,
            title: crumb.path ? <Link to={`/${crumb.path}`}>{crumb.title}</Link> : crumb.title,
          }))}
        />
      )}
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra && (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        )}
      </Flex>
    </div>
  );
}
