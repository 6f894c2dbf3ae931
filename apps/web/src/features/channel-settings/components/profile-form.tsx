import { useId, useRef, useState } from 'react';
import { type FieldError, useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_LINKS_MAX,
  CHANNEL_NAME_MAX,
  type ChannelProfile,
  ChannelProfileUpdate,
  type ChannelProfileUpdateInput,
} from '@studio/contract/channel-profile';
import { linkKind } from '@studio/contract/links';
import { characterCount } from '@studio/contract/text';
import { CharacterCount, isTooLong } from '../../../components/form/character-count';
import { formResolver, type FieldProblem } from '../../../components/form/form-resolver';
import formStyles from '../../../components/form/form.module.css';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { serverUrl } from '../../../lib/runtime-config';
import { showToast } from '../../../lib/toast';
import { useSaveChannelProfile } from '../api/save-channel-profile';
import { type ChannelImageKind, useUploadChannelImage } from '../api/upload-channel-image';
import { type ChannelSettingsT, useChannelSettingsT } from '../messages';
import styles from './profile.module.css';
import { FieldMessage, LinkRow } from '../../../components/form/link-row';

type Values = ChannelProfileUpdateInput;

const valuesOf = (profile: ChannelProfile): Values => ({
  name: profile.name,
  description: profile.description,
  profileImageUrl: profile.profileImageUrl,
  bannerImageUrl: profile.bannerImageUrl,
  links: profile.links.map(({ url }) => ({ url })),
});

/** The spec's two texts (empty, anything else); a value past its limit says so with its count instead (issue 25: never cut). */
function problemText(t: ChannelSettingsT, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return error.message === ('required' satisfies FieldProblem) ? t('form.required') : t('profile.invalid');
}

/** The profile image or the banner: uploaded at once, shown as the server stored it; the save puts it in use. */
function ImageField({ channelId, kind, value, name, onChange }: { channelId: number; kind: ChannelImageKind; value: string | null; name: string; onChange: (url: string | null) => void }) {
  const t = useChannelSettingsT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadChannelImage(channelId, kind);
  const label = kind === 'banner' ? t('profile.banner') : t('profile.image');
  const preview = value ? (
    <img className={kind === 'banner' ? styles.banner : styles.avatar} src={serverUrl(value)} alt={label} {...(kind === 'image' ? { width: 72, height: 72 } : {})} />
  ) : kind === 'banner' ? (
    <span className={`${styles.banner} ${styles.noBanner}`}>{t('profile.noBanner')}</span>
  ) : (
    // Without an image the channel shows its initial everywhere; the form shows the same.
    <Avatar src={null} name={name} size={72} />
  );
  return (
    <div className={styles.group} role="group" aria-labelledby={`${id}-label`}>
      <span className={styles.legend} id={`${id}-label`}>
        {label}
      </span>
      {kind === 'banner' ? preview : null}
      <div className={styles.imageRow}>
        {kind === 'image' ? preview : null}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="visually-hidden"
          aria-labelledby={`${id}-label`}
          tabIndex={-1}
          data-image-kind={kind}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file, { onSuccess: (image) => onChange(image.url) });
          }}
        />
        <div className={styles.imageActions}>
          <Button size="small" disabled={upload.isPending} onClick={() => input.current?.click()} aria-label={`${label}: ${upload.isPending ? t('profile.uploading') : t('profile.upload')}`}>
            {upload.isPending ? t('profile.uploading') : t('profile.upload')}
          </Button>
          {value ? (
            <Button size="small" variant="ghost" disabled={upload.isPending} onClick={() => onChange(null)} aria-label={`${label}: ${t('profile.remove')}`}>
              {t('profile.remove')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className={styles.hint}>{kind === 'banner' ? t('profile.bannerHint') : t('profile.imageHint')}</p>
    </div>
  );
}

/**
 * The owner's form. It validates with the contract's own schema, so it
 * refuses what the server would; a name or description past its limit is
 * shown with its count and a message while it is typed, and never cut.
 */
export function ProfileForm({ channelId, profile }: { channelId: number; profile: ChannelProfile }) {
  const t = useChannelSettingsT();
  const ids = useId();
  const form = useForm<Values>({ resolver: formResolver(ChannelProfileUpdate) as never, defaultValues: valuesOf(profile), mode: 'onTouched' });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const values = useWatch({ control: form.control }) as Values;
  const save = useSaveChannelProfile(channelId);
  const errors = form.formState.errors;

  const name = values.name ?? '';
  const description = values.description ?? '';
  const nameOver = isTooLong(name, CHANNEL_NAME_MAX);
  const descriptionOver = isTooLong(description, CHANNEL_DESCRIPTION_MAX);
  const nameText = nameOver ? t('profile.nameTooLong', { max: CHANNEL_NAME_MAX, count: characterCount(name.trim()) }) : problemText(t, errors.name);
  const descriptionText = descriptionOver
    ? t('profile.descriptionTooLong', { max: CHANNEL_DESCRIPTION_MAX, count: characterCount(description.trim()) })
    : problemText(t, errors.description);

  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(
    (input) => {
      setFormError(null);
      save.mutate(input, {
        onSuccess: (saved) => {
          form.reset(valuesOf(saved.profile));
          showToast(saved.changed.length > 0 ? t('profile.saved') : t('profile.unchanged'));
        },
      });
    },
    // The field that is wrong says why; this line says why nothing was sent, where the button is.
    () => setFormError(t('profile.invalid')),
  );

  // An extra link row left empty is not a link: it goes, rather than be called a missing field.
  const dropEmptyLinks = () => {
    const empty = form
      .getValues('links')
      .map((link, index) => (link.url.trim() === '' ? index : -1))
      .filter((index) => index >= 0);
    if (empty.length > 0) links.remove(empty);
  };

  const nameId = `${ids}-name`;
  const descriptionId = `${ids}-description`;
  const describedBy = (id: string, text: string | undefined) => [`${id}-count`, text ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('profile.title')}
      onSubmit={(event) => {
        dropEmptyLinks();
        void onSubmit(event);
      }}
    >
      <div className={formStyles.field}>
        <div className={formStyles.labelRow}>
          <label htmlFor={nameId} className={formStyles.label}>
            {t('profile.name')}
          </label>
          <CharacterCount id={`${nameId}-count`} value={name} max={CHANNEL_NAME_MAX} />
        </div>
        <input
          id={nameId}
          className={formStyles.input}
          autoComplete="off"
          aria-invalid={nameText ? true : undefined}
          aria-describedby={describedBy(nameId, nameText)}
          {...form.register('name')}
        />
        <FieldMessage id={`${nameId}-error`} text={nameText} />
      </div>

      <div className={formStyles.field}>
        <div className={formStyles.labelRow}>
          <label htmlFor={descriptionId} className={formStyles.label}>
            {t('profile.description')}
          </label>
          <CharacterCount id={`${descriptionId}-count`} value={description} max={CHANNEL_DESCRIPTION_MAX} />
        </div>
        <textarea
          id={descriptionId}
          className={styles.textarea}
          placeholder={t('profile.descriptionPlaceholder')}
          aria-invalid={descriptionText ? true : undefined}
          aria-describedby={describedBy(descriptionId, descriptionText)}
          {...form.register('description')}
        />
        <FieldMessage id={`${descriptionId}-error`} text={descriptionText} />
      </div>

      <ImageField channelId={channelId} kind="image" value={values.profileImageUrl ?? null} name={values.name ?? profile.name} onChange={(url) => form.setValue('profileImageUrl', url, { shouldDirty: true })} />
      <ImageField channelId={channelId} kind="banner" value={values.bannerImageUrl ?? null} name={values.name ?? profile.name} onChange={(url) => form.setValue('bannerImageUrl', url, { shouldDirty: true })} />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('profile.links')}</legend>
        <p className={styles.hint}>{t('profile.linksHint', { max: CHANNEL_LINKS_MAX })}</p>
        {links.fields.map((item, index) => {
          const id = `${ids}-link-${index}`;
          const text = problemText(t, errors.links?.[index]?.url);
          const url = values.links?.[index]?.url ?? '';
          return (
            <LinkRow
              key={item.id}
              id={id}
              label={t('profile.linkLabel', { number: index + 1 })}
              placeholder={t('profile.linkPlaceholder')}
              url={url}
              kind={{ code: linkKind(url), text: t(`profile.linkKind.${linkKind(url)}`) }}
              error={text}
              registration={form.register(`links.${index}.url`, {
                // A message shown for this link goes as soon as the link is right, not at blur: at blur it
                // would take its line away under the pointer of a person pressing Save.
                onChange: () => {
                  if (form.getFieldState(`links.${index}.url`).error) void form.trigger(`links.${index}.url`);
                },
              })}
              remove={{ label: t('profile.removeLink', { number: index + 1 }), onRemove: () => links.remove(index) }}
            />
          );
        })}
        {links.fields.length < CHANNEL_LINKS_MAX ? (
          <Button size="small" className={styles.addLink} onClick={() => links.append({ url: '' })}>
            {t('profile.addLink')}
          </Button>
        ) : null}
      </fieldset>

      <div className={styles.footer}>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
      </div>
    </form>
  );
}
