import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { NoticeCategory } from '@studio/contract/enums';
import { NOTICE_TITLE_MAX, type OperatorNotice } from '@studio/contract/operator';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import formStyles from '../../../components/form/form.module.css';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogBody, DialogCloseButton, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { showToast } from '../../../lib/toast';
import { operatorNoticeQueryOptions } from '../api/get-operator-notice';
import { useSaveOperatorNotice } from '../api/save-operator-notice';
import { useOperatorT } from '../messages';
import styles from './operator.module.css';
import { RichTextEditor } from './rich-text-editor';

/** `datetime-local` speaks the browser's local time without a zone. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};

const hasText = (html: string) => /<img\s/i.test(html) || (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim().length > 0;

function NoticeForm({ notice, onDone }: { notice: OperatorNotice | null; onDone: () => void }) {
  const t = useOperatorT();
  const id = useId();
  const save = useSaveOperatorNotice();
  const [category, setCategory] = useState<NoticeCategory>(notice?.category ?? 'STUDIO');
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(notice?.body ?? '');
  const [publishAt, setPublishAt] = useState(notice ? toLocalInput(notice.publishedAt) : '');
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(title.trim() ? {} : { title: t('form.required') }),
      ...(hasText(body) ? {} : { body: t('editor.bodyEmpty') }),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const publishedAt = publishAt ? new Date(publishAt).toISOString() : undefined;
    save.mutate(
      { id: notice?.id, body: { category, title: title.trim(), body, ...(publishedAt && (!notice || publishAt !== toLocalInput(notice.publishedAt)) ? { publishedAt } : {}) } },
      {
        onSuccess: () => {
          showToast(t('notices.saved'));
          onDone();
        },
      },
    );
  };

  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate>
      <div className={styles.grid}>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-category`} className={formStyles.label}>
            {t('editor.category')}
          </label>
          <select id={`${id}-category`} className={formStyles.input} value={category} onChange={(event) => setCategory(event.target.value as NoticeCategory)}>
            {NoticeCategory.options.map((option) => (
              <option key={option} value={option}>
                {t(`category.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-publish`} className={formStyles.label}>
            {t('editor.publishAt')}
          </label>
          <input id={`${id}-publish`} type="datetime-local" className={formStyles.input} value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
        </div>
      </div>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-title`} className={formStyles.label}>
          {t('editor.titleField')}
        </label>
        <input
          id={`${id}-title`}
          className={formStyles.input}
          value={title}
          maxLength={NOTICE_TITLE_MAX}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        {errors.title ? (
          <p id={`${id}-title-error`} className={formStyles.error} role="alert">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className={formStyles.field}>
        <span id={`${id}-body-label`} className={formStyles.label}>
          {t('editor.body')}
        </span>
        <RichTextEditor
          id={`${id}-body`}
          labelId={`${id}-body-label`}
          initialHtml={notice?.body ?? ''}
          invalid={Boolean(errors.body)}
          describedBy={`${id}-body-hint`}
          onChange={setBody}
        />
        <p id={`${id}-body-hint`} className={errors.body ? formStyles.error : styles.hint} role={errors.body ? 'alert' : undefined}>
          {errors.body ?? t('editor.bodyHint')}
        </p>
      </div>
      <Button type="submit" variant="primary" className={formStyles.submit} disabled={save.isPending}>
        {t('common.save')}
      </Button>
    </form>
  );
}

function EditNotice({ noticeId, onDone }: { noticeId: number; onDone: () => void }) {
  const { data } = useSuspenseQuery(operatorNoticeQueryOptions(noticeId));
  return <NoticeForm notice={data} onDone={onDone} />;
}

/** Writes a new notice (no id) or edits one; the server sanitises the body. */
export function NoticeEditorDialog({ noticeId, onClose }: { noticeId: number | null; onClose: () => void }) {
  const t = useOperatorT();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent variant="panel">
        <DialogHeader>
          <DialogTitle>{noticeId === null ? t('editor.createTitle') : t('editor.editTitle')}</DialogTitle>
          <DialogCloseButton label={t('common.close')} />
        </DialogHeader>
        <DialogBody>
          {noticeId === null ? (
            <NoticeForm notice={null} onDone={onClose} />
          ) : (
            <QueryBoundary>
              <EditNotice noticeId={noticeId} onDone={onClose} />
            </QueryBoundary>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
