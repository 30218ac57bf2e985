import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../lib/antd-imperative';
import { isApiError } from '../lib/api';
import { errorText } from '../lib/form-errors';
import { checkUploadFile, UPLOAD_ACCEPT, type UploadPurpose, uploadImage } from '../lib/upload';
import './form-field.css';
import './image-upload.css';

type State =
  | { kind: 'empty' }
  | { kind: 'uploading'; file: File; preview: string }
  | { kind: 'done'; file: File; preview: string }
  | { kind: 'failed'; file: File | null; preview: string | null; retry: boolean; reason: string };

type Props = {
  purpose: UploadPurpose;
  label: string;
  /** The upload's id once stored, '' before. */
  value: string;
  onChange: (id: string) => void;
  /** The form's message for this field (an error code or the server's text). */
  error?: string;
  testId: string;
};

/**
 * One picture for a form (deposit proof, ID photos): pick, preview, upload at once, retry a failed
 * upload, remove after confirming. Files over 5 MB or of another type are refused before sending.
 * The preview is the local file: the stored image needs the token, which an <img> cannot send.
 */
export function ImageUpload({ purpose, label, value, onChange, error, testId }: Props) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'empty' });
  const attempt = useRef(0);

  const preview = state.kind === 'empty' ? null : state.preview;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  // The form was reset (or the value cleared elsewhere): drop the picture too.
  useEffect(() => {
    if (value === '' && state.kind === 'done') setState({ kind: 'empty' });
  }, [value, state.kind]);

  const send = async (file: File, url: string) => {
    const mine = ++attempt.current;
    setState({ kind: 'uploading', file, preview: url });
    try {
      const uploaded = await uploadImage(file, purpose);
      if (mine !== attempt.current) return;
      setState({ kind: 'done', file, preview: url });
      onChange(uploaded.id);
    } catch (error) {
      if (mine !== attempt.current) return;
      // A dropped connection is worth a retry; a refusal says why (the server's own words).
      const reason =
        isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
          ? t('upload.network_failed')
          : isApiError(error) && error.message
            ? error.message
            : t('upload.failed');
      setState({ kind: 'failed', file, preview: url, retry: true, reason });
      onChange('');
    }
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    attempt.current++;
    const refused = checkUploadFile(file);
    if (refused) {
      setState({ kind: 'failed', file: null, preview: null, retry: false, reason: t(`upload.${refused}`) });
      onChange('');
      return;
    }
    void send(file, URL.createObjectURL(file));
  };

  const remove = async () => {
    const ok = await Dialog.confirm({
      content: t('upload.remove_confirm'),
      confirmText: t('upload.remove'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    attempt.current++;
    setState({ kind: 'empty' });
    onChange('');
  };

  const open = () => inputRef.current?.click();
  const formError = errorText(t, error);

  return (
    <div className="image-upload" data-testid={testId} data-state={state.kind}>
      <div className="image-upload__label">{label}</div>
      <div className={formError ? 'image-upload__box image-upload__box--error' : 'image-upload__box'}>
        {preview ? (
          <img className="image-upload__preview" src={preview} alt={label} />
        ) : (
          <button type="button" className="image-upload__pick" onClick={open} data-testid={`${testId}-pick`}>
            <AddOutline fontSize={28} />
            <span>{t('upload.choose')}</span>
          </button>
        )}
        {state.kind === 'uploading' ? (
          <div className="box-overlay image-upload__overlay" role="status">
            <span className="image-upload__spinner spinner" aria-hidden="true" />
            {t('upload.uploading')}
          </div>
        ) : null}
        {state.kind === 'done' || (state.kind === 'failed' && state.preview) ? (
          <button
            type="button"
            className="image-upload__remove"
            onClick={remove}
            aria-label={t('upload.remove')}
            data-testid={`${testId}-remove`}
          >
            <CloseOutline fontSize={14} />
          </button>
        ) : null}
        {state.kind === 'done' ? <div className="image-upload__done">{t('upload.done')}</div> : null}
      </div>
      {state.kind === 'failed' ? (
        <div className="form-field__error image-upload__failed" role="alert" data-testid={`${testId}-error`}>
          <span data-testid={`${testId}-reason`}>{state.reason}</span>
          {state.retry && state.file ? (
            <button
              type="button"
              className="text-link"
              onClick={() => state.file && state.preview && void send(state.file, state.preview)}
              data-testid={`${testId}-retry`}
            >
              {t('common.retry')}
            </button>
          ) : (
            <button type="button" className="text-link" onClick={open}>
              {t('upload.choose_again')}
            </button>
          )}
        </div>
      ) : formError ? (
        <div className="form-field__error image-upload__failed" role="alert" data-testid={`${testId}-field-error`}>
          {formError}
        </div>
      ) : (
        <div className="fine-print image-upload__hint">{t('upload.hint')}</div>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_ACCEPT}
        hidden
        data-testid={`${testId}-input`}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          // The same file picked again after a removal must fire a change.
          e.target.value = '';
        }}
      />
    </div>
  );
}
