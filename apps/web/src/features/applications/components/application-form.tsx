import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { type FieldError, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  APPLICATION_DESCRIPTION_MAX,
  APPLICATION_EMAIL_MAX,
  APPLICATION_LINKS_MAX,
  APPLICATION_NAME_MAX,
  APPLICATION_REVENUE_MAX,
  ApplicationForm as ApplicationFormSchema,
  ApplyApplicantKind,
  type ApplyChannelType,
} from '@studio/contract/application';
import { ApplicationType } from '@studio/contract/enums';
import { linkKind } from '@studio/contract/links';
import { characterCount } from '@studio/contract/text';
import { myChannelsQueryOptions } from '../../channels/api/get-my-channels';
import { CharacterCount, isTooLong } from '../../../components/form/character-count';
import { formResolver, type FieldProblem } from '../../../components/form/form-resolver';
import formStyles from '../../../components/form/form.module.css';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Page, Section } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/error-message';
import { useFormat } from '../../../lib/format/use-format';
import { useLocale } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { draftQueryOptions } from '../api/get-draft';
import { discardDraft } from '../api/save-draft';
import { useSubmitApplication } from '../api/submit-application';
import { useDraftAutosave, type SaveState } from '../hooks/use-draft-autosave';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { type ApplicationsMessageKey, useApplicationsT } from '../messages';
import { type FormValues, initialValues, toDraft } from '../utils/form-values';
import styles from './apply.module.css';
import { ProfileImageField } from './profile-image-field';
import { FieldMessage, LinkRow } from '../../../components/form/link-row';

type T = ReturnType<typeof useApplicationsT>;

/** The spec's two texts: an empty required field, and anything else that is wrong. A server's refusal brings its own. */
function errorText(t: T, error: FieldError | undefined, requiredOnly = false): string | undefined {
  if (!error) return undefined;
  const problem = error.message;
  if (problem === ('required' satisfies FieldProblem) || (requiredOnly && problem === ('invalid' satisfies FieldProblem))) return t('form.required');
  if (problem === ('invalid' satisfies FieldProblem) || !problem) return t('form.invalid');
  return problem;
}

function SaveIndicator({ state, unsaved }: { state: SaveState; unsaved: boolean }) {
  const t = useApplicationsT();
  const format = useFormat();
  let text = '';
  if (state.kind === 'failed') text = t('apply.form.saveFailed');
  else if (state.kind === 'saving' || (unsaved && state.kind !== 'idle')) text = t('apply.form.saving');
  else if (state.kind === 'saved') text = t('apply.form.saved', { time: format.dateTime(state.at) });
  return (
    <span className={styles.saveState} data-state={state.kind} data-unsaved={unsaved || undefined} aria-live="polite">
      {text}
    </span>
  );
}

/** The entry application form: validated in the browser with the contract's schema, kept as a server draft while it is written. */
export function ApplicationForm({ channelType, onSubmitted }: { channelType: ApplyChannelType; onSubmitted: () => void }) {
  const t = useApplicationsT();
  const locale = useLocale();
  const navigate = useNavigate();
  const ids = useId();
  const { data: saved } = useSuspenseQuery(draftQueryOptions());
  const { data: myChannels } = useSuspenseQuery(myChannelsQueryOptions());
  // Only a contents channel the person owns can take the media type (a media channel already has everything).
  const addable = myChannels.filter((channel) => channel.role === 'OWNER' && channel.channelInfo.channelType.code === 'CONTENTS_CHANNEL' && channelType === 'MEDIA_CHANNEL');
  const defaults = useMemo(() => initialValues(channelType, saved.draft), [channelType, saved.draft]);
  const form = useForm<FormValues>({ resolver: formResolver(ApplicationFormSchema) as never, defaultValues: defaults, mode: 'onTouched' });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const values = useWatch({ control: form.control }) as FormValues;
  const draft = useMemo(() => toDraft({ ...defaults, ...values }), [defaults, values]);
  const [submitting, setSubmitting] = useState(false);
  const autosave = useDraftAutosave(draft, saved.updatedAt, !submitting);
  const leave = useLeaveWarning(autosave.unsaved);
  const submit = useSubmitApplication();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const errors = form.formState.errors;
  const typeName = t(`channelType.${channelType}`);
  const applyType = values.applyType ?? 'NEW_APPLY';

  // An extra link row left empty is not a link: it goes, rather than be called a missing field.
  const dropEmptyLinks = () => {
    const empty = form
      .getValues('links')
      .map((link, index) => (index > 0 && link.url.trim() === '' ? index : -1))
      .filter((index) => index >= 0);
    if (empty.length > 0) links.remove(empty);
  };

  const onSubmit = form.handleSubmit(
    (input) => {
      setFormError(null);
      setSubmitting(true);
      submit.mutate(input as never, {
        onSuccess: (result) => {
          if (result.ok) {
            leave.allowNext();
            onSubmitted();
            showToast(t('apply.form.submitted'));
            void navigate('/channels/management?tab=apply');
            return;
          }
          setSubmitting(false);
          const message = errorMessage(result.error, locale);
          if (result.error.code === 'APPLICATION_ALREADY_OPEN') form.setError('channelName', { type: 'server', message }, { shouldFocus: true });
          else if (result.error.code === 'APPLICATION_CHANNEL_NOT_OWNED' || result.error.code === 'APPLICATION_TYPE_PRESENT') form.setError('channelId', { type: 'server', message }, { shouldFocus: true });
          else setFormError(message);
        },
        onError: () => setSubmitting(false),
      });
    },
    () => setFormError(t('apply.form.invalid')),
  );

  const discard = () => {
    void discardDraft().then(() => {
      form.reset(initialValues(channelType, null));
      autosave.settle();
      setConfirmDiscard(false);
    });
  };

  const field = (name: 'channelName' | 'contactEmail' | 'revenue' | 'description' | 'channelId' | 'applicantKind' | 'agreeTerms') => {
    const id = `${ids}-${name}`;
    const text = errorText(t, errors[name], name === 'agreeTerms');
    return { id, errorId: `${id}-error`, text, aria: { 'aria-invalid': text ? true : undefined, 'aria-describedby': text ? `${id}-error` : undefined } as const };
  };
  const name = field('channelName');
  const channelName = values.channelName ?? '';
  const nameText = isTooLong(channelName, APPLICATION_NAME_MAX)
    ? t('apply.form.channelNameTooLong', { max: APPLICATION_NAME_MAX, count: characterCount(channelName.trim()) })
    : name.text;
  const email = field('contactEmail');
  const revenue = field('revenue');
  const description = field('description');
  const channel = field('channelId');
  const kind = field('applicantKind');
  const terms = field('agreeTerms');

  return (
    <Page
      title={t('apply.form.title', { type: typeName })}
      description={t('apply.form.description')}
      actions={
        <Link to="/apply/content-type-select" className={styles.hint}>
          {t('apply.form.changeType')}
        </Link>
      }
    >
      <Section>
        <form
          className={styles.form}
          onSubmit={(event) => {
            dropEmptyLinks();
            void onSubmit(event);
          }}
          noValidate aria-label={t('apply.form.title', { type: typeName })}>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('apply.form.applyType')}</legend>
            <div className={styles.radios}>
              {ApplicationType.options.map((option) => (
                <label key={option} className={styles.radio}>
                  <input type="radio" value={option} {...form.register('applyType')} />
                  {t(`apply.form.applyType.${option}` as ApplicationsMessageKey)}
                </label>
              ))}
            </div>
          </fieldset>

          {applyType === 'ADD_TYPE' ? (
            <div className={formStyles.field}>
              <label htmlFor={channel.id} className={formStyles.label}>
                {t('apply.form.addTypeChannel')}
              </label>
              {addable.length === 0 ? <p className={styles.hint}>{t('apply.form.addTypeNone')}</p> : null}
              <select
                id={channel.id}
                className={formStyles.input}
                {...channel.aria}
                {...form.register('channelId', { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) })}
              >
                <option value="">{t('apply.form.addTypeChannelPlaceholder')}</option>
                {addable.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
              <FieldMessage id={channel.errorId} text={channel.text} />
            </div>
          ) : (
            <div className={formStyles.field}>
              <div className={formStyles.labelRow}>
                <label htmlFor={name.id} className={formStyles.label}>
                  {t('apply.form.channelName')}
                </label>
                <CharacterCount id={`${name.id}-count`} value={channelName} max={APPLICATION_NAME_MAX} />
              </div>
              {/* No maxLength: a longer name is refused with its count and a message, never cut (issue 25). */}
              <input
                id={name.id}
                className={formStyles.input}
                autoComplete="off"
                placeholder={t('apply.form.channelNamePlaceholder')}
                aria-invalid={nameText ? true : undefined}
                aria-describedby={[`${name.id}-count`, nameText ? name.errorId : null].filter(Boolean).join(' ')}
                {...form.register('channelName')}
              />
              <FieldMessage id={name.errorId} text={nameText} />
            </div>
          )}

          <div className={formStyles.field}>
            <label htmlFor={kind.id} className={formStyles.label}>
              {t('apply.form.applicantKind')}
            </label>
            <select id={kind.id} className={formStyles.input} {...kind.aria} {...form.register('applicantKind')}>
              <option value="">{t('apply.form.applicantKindPlaceholder')}</option>
              {ApplyApplicantKind.options.map((option) => (
                <option key={option} value={option}>
                  {t(`applicantKind.${option}`)}
                </option>
              ))}
            </select>
            <FieldMessage id={kind.errorId} text={kind.text} />
          </div>

          <div className={formStyles.field}>
            <label htmlFor={description.id} className={formStyles.label}>
              {t('apply.form.description.label')}
            </label>
            <textarea
              id={description.id}
              className={styles.textarea}
              maxLength={APPLICATION_DESCRIPTION_MAX}
              placeholder={t('apply.form.descriptionPlaceholder')}
              {...description.aria}
              {...form.register('description')}
            />
            <FieldMessage id={description.errorId} text={description.text} />
          </div>

          <ProfileImageField value={values.profileImageUrl ?? null} onChange={(url) => form.setValue('profileImageUrl', url, { shouldDirty: true })} />

          <div className={formStyles.field}>
            <label htmlFor={email.id} className={formStyles.label}>
              {t('apply.form.contactEmail')}
            </label>
            <input
              id={email.id}
              type="email"
              className={formStyles.input}
              maxLength={APPLICATION_EMAIL_MAX}
              autoComplete="email"
              placeholder={t('apply.form.contactEmailPlaceholder')}
              {...email.aria}
              {...form.register('contactEmail')}
            />
            <FieldMessage id={email.errorId} text={email.text} />
          </div>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('apply.form.links')}</legend>
            <p className={styles.hint}>{t('apply.form.linksHint', { max: APPLICATION_LINKS_MAX })}</p>
            {links.fields.map((item, index) => {
              const id = `${ids}-link-${index}`;
              const text = errorText(t, errors.links?.[index]?.url);
              const url = values.links?.[index]?.url ?? '';
              const kindOfLink = linkKind(url);
              return (
                <LinkRow
                  key={item.id}
                  id={id}
                  label={t('apply.form.linkLabel', { number: index + 1 })}
                  placeholder={t('apply.form.linkPlaceholder')}
                  url={url}
                  kind={{ code: kindOfLink, text: t(`linkKind.${kindOfLink}`) }}
                  error={text}
                  registration={form.register(`links.${index}.url`)}
                  remove={links.fields.length > 1 ? { label: t('apply.form.removeLink', { number: index + 1 }), onRemove: () => links.remove(index) } : undefined}
                />
              );
            })}
            {links.fields.length < APPLICATION_LINKS_MAX ? (
              <Button size="small" className={styles.choiceAction} onClick={() => links.append({ url: '' })}>
                {t('apply.form.addLink')}
              </Button>
            ) : null}
          </fieldset>

          <div className={formStyles.field}>
            <label htmlFor={revenue.id} className={formStyles.label}>
              {t('apply.form.revenue')}
            </label>
            <input
              id={revenue.id}
              className={formStyles.input}
              maxLength={APPLICATION_REVENUE_MAX}
              autoComplete="off"
              placeholder={t('apply.form.revenuePlaceholder')}
              aria-invalid={revenue.text ? true : undefined}
              aria-describedby={revenue.text ? revenue.errorId : `${revenue.id}-hint`}
              {...form.register('revenue')}
            />
            <p id={`${revenue.id}-hint`} className={styles.hint}>
              {t('apply.form.revenueHint')}
            </p>
            <FieldMessage id={revenue.errorId} text={revenue.text} />
          </div>

          <div className={formStyles.field}>
            <label className={styles.checkbox}>
              <input type="checkbox" {...terms.aria} {...form.register('agreeTerms')} />
              <span>
                {t('apply.form.agreeTerms', { terms: '\u0000' })
                  .split('\u0000')
                  .flatMap((part, index) =>
                    index === 0
                      ? [part]
                      : [
                          <Link key="terms" to="/policy/terms" target="_blank" rel="noopener">
                            {t('apply.form.terms')}
                          </Link>,
                          part,
                        ],
                  )}
              </span>
            </label>
            <FieldMessage id={terms.errorId} text={terms.text} />
          </div>

          {formError ? (
            <p className={styles.formError} role="alert">
              {formError}
            </p>
          ) : null}

          <div className={styles.footer}>
            <SaveIndicator state={autosave.state} unsaved={autosave.unsaved} />
            <div className={styles.footerActions}>
              <Button onClick={() => setConfirmDiscard(true)} disabled={submitting}>
                {t('apply.form.discard')}
              </Button>
              <Button type="submit" variant="primary" disabled={submitting}>
                {t('apply.form.submit')}
              </Button>
            </div>
          </div>
        </form>
      </Section>

      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={t('apply.form.discard')}
        confirmLabel={t('apply.form.discard')}
        cancelLabel={t('leave.stay')}
        onConfirm={discard}
      >
        {t('leave.description')}
      </ConfirmDialog>
      <ConfirmDialog
        open={leave.blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && leave.blocker.state === 'blocked') leave.blocker.reset();
        }}
        title={t('leave.title')}
        confirmLabel={t('leave.leave')}
        cancelLabel={t('leave.stay')}
        onConfirm={() => {
          if (leave.blocker.state === 'blocked') leave.blocker.proceed();
        }}
      >
        {t('leave.description')}
      </ConfirmDialog>
    </Page>
  );
}
