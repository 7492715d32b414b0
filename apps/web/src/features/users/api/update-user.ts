import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, UserUpdated } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { usersKeys } from './get-users.ts';

/** PATCH /api/users/{id}/: answers {success, data, message}. */
export function updateUser(id: number, body: UpdateUserBody): Promise<UserUpdated> {
  return api.patch<UserUpdated>(`/users/${id}/`, body);
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(id, body),
    onSuccess: (response) => {
      if (response.success) queryClient.setQueryData(usersKeys.detail(id), response.data);
      return queryClient.invalidateQueries({ queryKey: usersKeys.list() });
    },
  });
}
