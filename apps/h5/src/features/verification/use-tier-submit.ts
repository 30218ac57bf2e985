import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { showMessage } from '../../lib/loading-indicator';
import { PATHS } from '../../lib/paths';

/**
 * Sending a verification tier's form: on success the user's state is read again and the user goes
 * back to the verification overview; the server's field errors go under the form's fields.
 */
export function useTierSubmit<T extends FieldValues, Input>(
  submit: (input: Input) => Promise<unknown>,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submit,
    onSuccess: async () => {
      showMessage(t('verification.submitted'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      navigate(PATHS.verification, { replace: true });
    },
    onError: (error) => applyServerFieldErrors(error, setError, fields),
  });
}
