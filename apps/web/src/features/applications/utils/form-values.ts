import { ApplicationDraft, type ApplicationFormInput, type ApplyChannelType, type SavedDraft } from '@studio/contract/application';

/** What the form holds: the contract's input, except that selects start empty until chosen. */
export type FormValues = Omit<ApplicationFormInput, 'applicantKind'> & { applicantKind: ApplicationFormInput['applicantKind'] | '' };

/** A fresh form for a channel type, with a saved draft's values on top. */
export function initialValues(channelType: ApplyChannelType, saved: SavedDraft['draft']): FormValues {
  const draft = saved ?? {};
  const links = draft.links?.length ? draft.links.map(({ url }) => ({ url })) : [{ url: '' }];
  return {
    applyType: draft.applyType ?? 'NEW_APPLY',
    channelType,
    channelId: draft.channelId ?? null,
    applicantKind: draft.applicantKind ?? '',
    channelName: draft.channelName ?? '',
    description: draft.description ?? '',
    profileImageUrl: draft.profileImageUrl ?? null,
    contactEmail: draft.contactEmail ?? '',
    links,
    revenue: draft.revenue ?? '',
    agreeTerms: (draft.agreeTerms ?? false) as true,
  };
}

/** The form as a draft the server keeps: only what the draft schema takes (never fails on a half-typed value). */
export function toDraft(values: FormValues): ApplicationDraft {
  const candidate = {
    applyType: values.applyType,
    channelType: values.channelType,
    channelId: typeof values.channelId === 'number' && Number.isInteger(values.channelId) && values.channelId > 0 ? values.channelId : null,
    applicantKind: values.applicantKind === '' ? null : values.applicantKind,
    channelName: values.channelName,
    description: values.description,
    profileImageUrl: values.profileImageUrl,
    contactEmail: values.contactEmail,
    links: values.links.map(({ url }) => ({ url })),
    revenue: values.revenue,
    agreeTerms: Boolean(values.agreeTerms),
  };
  const parsed = ApplicationDraft.safeParse(candidate);
  if (parsed.success) return parsed.data;
  // Keep every field that is fine on its own; drop the one that is not storable.
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(candidate)) {
    if (ApplicationDraft.safeParse({ [key]: value }).success) kept[key] = value;
  }
  return ApplicationDraft.parse(kept);
}
