import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@dme/shared';
import { api } from '@/lib/api-client.ts';
import { usersKeys } from './get-users.ts';

export interface UpdateUserResponse {
  success: boolean;
  data: User;
  message: string;
}

/** PATCH /api/users/{id}/: answers {success, data, message}. */
export function updateUser(id: number, body: UpdateUserBody): Promise<UpdateUserResponse> {
  return api.patch<UpdateUserResponse>(`/users/${id}/`, body);
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
