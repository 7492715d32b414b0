import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, User } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { usersKeys } from './get-users.ts';

/** POST /api/users/: 201 with the user; 422 when the username or email exists. */
export function createUser(body: CreateUserBody): Promise<User> {
  return api.post<User>('/users/', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.list() }),
  });
}
