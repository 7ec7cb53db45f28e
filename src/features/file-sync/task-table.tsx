import { useLingui } from '@lingui/react/macro';
import type { FileSyncTask } from '../../contract/file-sync';
import { ListTable } from '../../ui/list-table';
import { TaskRow, type TaskRemoval } from './task-row';
import type { Upload } from './uploads';

/** The file sync tasks, newest first, each with this page's upload of it when there is one. */
export function TaskTable({
  rows,
  uploads,
  online,
  onResume,
  onDelete,
}: {
  rows: readonly FileSyncTask[];
  uploads: readonly Upload[];
  online: boolean;
  onResume: (task: FileSyncTask) => void;
  onDelete: (task: FileSyncTask, done: TaskRemoval) => void;
}) {
  const { t } = useLingui();
  return (
    <ListTable
      label={t({ id: 'fileSync.list.table', message: 'File sync tasks' })}
      nowrapHeaders
      columns={[
        { header: t({ id: 'fileSync.col.file', message: 'File' }) },
        { header: t({ id: 'fileSync.col.operation', message: 'Operation' }) },
        { header: t({ id: 'fileSync.col.size', message: 'Size' }), textAlign: 'end' },
        { header: t({ id: 'fileSync.col.status', message: 'Status' }), minW: '150px' },
        { header: 'MD5', hideBelow: 'lg' },
        { header: t({ id: 'fileSync.col.user', message: 'User' }), hideBelow: 'xl' },
        { header: t({ id: 'fileSync.col.created', message: 'Created' }) },
        { header: t({ id: 'fileSync.col.completed', message: 'Completed' }), hideBelow: 'lg' },
        { header: t({ id: 'fileSync.col.actions', message: 'Actions' }) },
      ]}
    >
      {rows.map((task) => (
        <TaskRow
          key={task.id}
          task={task}
          upload={uploads.find((u) => u.id === task.id)}
          online={online}
          onResume={() => onResume(task)}
          onDelete={(done) => onDelete(task, done)}
        />
      ))}
    </ListTable>
  );
}
