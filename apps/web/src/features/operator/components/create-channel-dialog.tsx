import { useForm, useWatch } from 'react-hook-form';
import { CHANNEL_NAME_MAX } from '@studio/contract/channel-profile';
import { ChannelType } from '@studio/contract/enums';
import { OperatorChannelCreate } from '@studio/contract/operator';
import { formResolver } from '../../../components/form/form-resolver';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogBody, DialogCloseButton, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/error-message';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { useCreateOperatorChannel } from '../api/create-operator-channel';
import { useOperatorT } from '../messages';
import styles from './operator.module.css';

/**
 * An ownerless channel in SERVICE; with a login, its owner is invited at once. The name keeps the
 * application form's rule (issue 25): counted as typed, a longer one is refused with its message, never cut.
 */
export function CreateChannelDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const to = useOperatorT();
  const locale = useLocale();
  const form = useForm({
    resolver: formResolver(OperatorChannelCreate),
    defaultValues: { name: '', channelType: 'MEDIA_CHANNEL' as ChannelType, ownerLogin: undefined as string | undefined },
  });
  const create = useCreateOperatorChannel();
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';

  const submit = form.handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (result) => {
        if (!result.ok) {
          form.setError('ownerLogin', { type: 'server', message: errorMessage(result.error, locale) }, { shouldFocus: true });
          return;
        }
        showToast(to('create.done', { name: input.name }));
        onClose();
      },
    });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent variant="panel">
        <DialogHeader>
          <DialogTitle>{to('create.title')}</DialogTitle>
          <DialogCloseButton label={to('common.close')} disabled={create.isPending} />
        </DialogHeader>
        <DialogBody>
          <form className={styles.dialogForm} onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              label={to('create.name')}
              registration={form.register('name')}
              error={form.formState.errors.name}
              limit={{ value: name, max: CHANNEL_NAME_MAX, tooLong: (count) => to('create.nameTooLong', { max: CHANNEL_NAME_MAX, count }) }}
            />
            <div className={formStyles.field}>
              <label htmlFor="operator-create-type" className={formStyles.label}>
                {to('create.type')}
              </label>
              <select id="operator-create-type" className={formStyles.input} {...form.register('channelType')}>
                {ChannelType.options.map((option) => (
                  <option key={option} value={option}>
                    {t(`channelType.${option}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <TextField
                label={to('create.ownerLogin')}
                maxLength={100}
                registration={form.register('ownerLogin', { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) })}
                error={form.formState.errors.ownerLogin}
              />
              <p className={styles.hint}>{to('create.ownerHint')}</p>
            </div>
            <Button type="submit" variant="primary" className={formStyles.submit} disabled={create.isPending}>
              {to('create.submit')}
            </Button>
          </form>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
