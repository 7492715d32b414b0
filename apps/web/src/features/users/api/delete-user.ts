import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { usersKeys } from './get-users.ts';

/** DELETE /api/users/{id}/ (204): the server only marks the user inactive. */
export function deleteUser(id: number): Promise<void> {
  return api.delete(`/users/${id}/`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<User[]>(usersKeys.list(), (users) =>
        users?.map((user) => (user.id === id ? { ...user, is_active: false } : user)),
      );
      queryClient.setQueryData<User>(usersKeys.detail(id), (user) => (user ? { ...user, is_active: false } : user));
    },
  });
}
