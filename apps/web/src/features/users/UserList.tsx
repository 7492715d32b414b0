import { useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useNavigate } from 'react-router';
import { emptyTableText, fullName, MSG, USER_MESSAGES, userMatches, type User } from '@dme/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth.ts';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteUser } from './api/delete-user.ts';
import { useUsers } from './api/get-users.ts';

const HEADERS = ['Name', 'Email', 'Username', 'Status', 'Role', 'Actions'];

/** /users: every staff account, searched on the client. */
export function UserList() {
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSession();
  const users = useUsers();
  const remove = useDeleteUser();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<User | null>(null);

  useEffect(() => {
    if (users.isError) void navigate(paths.notFound, { replace: true });
  }, [users.isError, navigate]);

  const rows = useMemo(() => (users.data ?? []).filter((user) => userMatches(user, search)), [users.data, search]);

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

  let body;
  if (users.isLoading) {
    body = (
      <TableRow>
        <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 5 }}>
          <CircularProgress size={28} aria-label="Loading" />
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 5 }}>
          <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
            {emptyTableText('USERS')}
          </Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((user) => {
      const self = user.id === session.id;
      return (
        <TableRow key={user.id} hover>
          <TableCell sx={{ fontWeight: 500 }}>{fullName(user.profile) || '-'}</TableCell>
          <TableCell>{user.email}</TableCell>
          <TableCell>{user.username}</TableCell>
          <TableCell>
            <Chip
              size="small"
              label={user.is_active ? 'Active' : 'Inactive'}
              color={user.is_active ? 'success' : 'default'}
              variant={user.is_active ? 'filled' : 'outlined'}
            />
          </TableCell>
          <TableCell>{user.role?.label ?? '-'}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <Tooltip title="Edit">
              <IconButton component={RouterLink} to={paths.users.edit.url(user.id)} size="small" aria-label={`Edit ${user.username}`}>
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
          </TableCell>
        </TableRow>
      );
    });
  }

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
      <Paper variant="outlined">
        <Stack direction="row" sx={{ p: 2 }}>
          <TextField
            label="Search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ maxWidth: 360 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: search ? (
                  <InputAdornment position="end">
                    <IconButton size="small" edge="end" aria-label="Clear search" onClick={() => setSearch('')}>
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
        </Stack>
        <TableContainer>
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                {HEADERS.map((header) => (
                  <TableCell key={header} align={header === 'Actions' ? 'right' : undefined}>
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{body}</TableBody>
          </Table>
        </TableContainer>
      </Paper>
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
