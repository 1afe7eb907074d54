import './content.css';
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { restrictToVerticalAxis } from './restrict-vertical';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { Button, Table, type TableProps } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';
import { moveById } from './order';

interface HandleContext {
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  listeners?: ReturnType<typeof useSortable>['listeners'];
  attributes?: ReturnType<typeof useSortable>['attributes'];
}

const RowHandle = createContext<HandleContext>({});

/** The grip a row is dragged by (mouse, touch, or Space then arrows on the keyboard). */
export function DragHandle() {
  const { t } = useI18n();
  const { setActivatorNodeRef, listeners, attributes } = useContext(RowHandle);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      className="drag-handle"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('order.drag')}
    />
  );
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props['data-row-key'] });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9 } : {}),
  };
  const handle = useMemo(() => ({ setActivatorNodeRef, listeners, attributes }), [setActivatorNodeRef, listeners, attributes]);
  return (
    <RowHandle value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </RowHandle>
  );
}

/**
 * A table whose rows are put in order by dragging their handle (a column with <DragHandle />).
 * It reports the new order; saving it is the page's call.
 */
export function SortableTable<T extends { id: number }>({
  items,
  onReorder,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'rowKey' | 'components'> & { items: readonly T[]; onReorder: (next: T[]) => void }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moveById(items, Number(active.id), Number(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[restrictToVerticalAxis]} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Table<T>
          size="small"
          pagination={false}
          {...table}
          rowKey="id"
          dataSource={items as T[]}
          components={{ body: { row: SortableRow } }}
        />
      </SortableContext>
    </DndContext>
  );
}
