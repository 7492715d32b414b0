import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { fullName, MSG, USER_MESSAGES, userMatches, type User } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataTable, type Column } from '@/components/data-table/index.ts';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteUser } from './api/delete-user.ts';
import { useUsers } from './api/get-users.ts';

/** /users: every staff account, searched on the client. */
export function UserList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const users = useUsers();
  const remove = useDeleteUser();
  const [pending, setPending] = useState<User | null>(null);

  useEffect(() => {
    if (users.isError) void navigate(paths.notFound, { replace: true });
  }, [users.isError, navigate]);

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.id);
      notify.success(USER_MESSAGES.deactivated);
    } catch {
      notify.error(MSG.requestFailed);
    } finally {
      setPending(null);
    }
  };

  const columns: Column<User>[] = [
    {
      id: 'name',
      header: 'Name',
      sortValue: (user) => fullName(user.profile),
      render: (user) => fullName(user.profile) || '-',
      cellSx: { fontWeight: 500 },
    },
    { id: 'email', header: 'Email', sortValue: (user) => user.email, render: (user) => user.email },
    { id: 'username', header: 'Username', sortValue: (user) => user.username, render: (user) => user.username },
    {
      id: 'status',
      header: 'Status',
      sortValue: (user) => (user.is_active ? 'Active' : 'Inactive'),
      render: (user) => (
        <Chip
          size="small"
          label={user.is_active ? 'Active' : 'Inactive'}
          color={user.is_active ? 'success' : 'default'}
          variant={user.is_active ? 'filled' : 'outlined'}
        />
      ),
    },
    { id: 'role', header: 'Role', sortValue: (user) => user.role?.label, render: (user) => user.role?.label ?? '-' },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: (user) => {
        const self = user.id === session.id;
        return (
          <>
            <Tooltip title="Edit">
              <IconButton
                component={RouterLink}
                to={paths.users.edit.url(user.id)}
                size="small"
                aria-label={`Edit ${user.username}`}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={self ? 'You cannot delete your own account' : 'Delete'}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`Delete ${user.username}`}
                  disabled={self}
                  onClick={() => setPending(user)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Users"
        breadcrumbs={[{ label: 'Home', to: paths.home }, { label: 'Users' }]}
        actions={
          <Button component={RouterLink} to={paths.users.create} variant="contained" startIcon={<AddIcon />}>
            Create User
          </Button>
        }
      />
      <DataTable
        rows={users.data}
        columns={columns}
        emptyItems="USERS"
        label="Users"
        search={{ matches: userMatches }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={MSG.deleteConfirm}
        message={pending ? `${fullName(pending.profile) || pending.username} will be marked inactive.` : undefined}
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
