import { Box, Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { FileSyncTask } from '../../contract/file-sync';
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
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={t({ id: 'fileSync.list.table', message: 'File sync tasks' })}>
        <Table.Header>
          <Table.Row css={{ '& th': { whiteSpace: 'nowrap' } }}>
            <Table.ColumnHeader>{t({ id: 'fileSync.col.file', message: 'File' })}</Table.ColumnHeader>
            <Table.ColumnHeader>
              {t({ id: 'fileSync.col.operation', message: 'Operation' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t({ id: 'fileSync.col.size', message: 'Size' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader minW="150px">
              {t({ id: 'fileSync.col.status', message: 'Status' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="lg">MD5</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="xl">
              {t({ id: 'fileSync.col.user', message: 'User' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t({ id: 'fileSync.col.created', message: 'Created' })}</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="lg">
              {t({ id: 'fileSync.col.completed', message: 'Completed' })}
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t({ id: 'fileSync.col.actions', message: 'Actions' })}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
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
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
