import { useRef, useState, type MouseEvent } from 'react';
import { DATA_EXPORT_TEXT, fileSizeText, type DataExportView } from '@elmwood/domain';
import { Button, buttonClass } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useDataExport, useRequestDataExport } from '../api';
import { formatUkDate } from '../dates';

/** The card's anchor: the 'your data is ready' email links here. */
export const DATA_EXPORT_ANCHOR = 'download-my-data';

/**
 * 'Download my data' (UK GDPR right of access and portability): what the copy holds, how it arrives, and the latest
 * request as it stands (being prepared, ready to download, expired, or failed).
 */
export function DataExportCard() {
  const current = useDataExport();
  const ask = useRequestDataExport();
  // One key per request: a retried press sends the same one, and a new one follows a request made.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const status = useRef<HTMLDivElement>(null);
  const view = current.data ?? null;
  const request = () =>
    ask.mutate(key, {
      onSuccess: () => {
        setKey(crypto.randomUUID());
        requestAnimationFrame(() => status.current?.focus());
      },
    });
  return (
    <section className="account-card" id={DATA_EXPORT_ANCHOR} aria-labelledby="download-my-data-title">
      <h2 id="download-my-data-title">{DATA_EXPORT_TEXT.title}</h2>
      <p>{DATA_EXPORT_TEXT.holds}</p>
      <p className="account-muted">{DATA_EXPORT_TEXT.how}</p>
      {current.isPending ? (
        <LoadStatus status="loading" />
      ) : current.isError ? (
        <LoadStatus status="error" onRetry={() => void current.refetch()} />
      ) : (
        <div className="data-export">
          {view ? (
            <div className="data-export" role="status" ref={status} tabIndex={-1}>
              <ExportState view={view} onDownload={() => current.refetch()} />
            </div>
          ) : null}
          <ErrorMessage>{ask.isError ? ask.error.message : null}</ErrorMessage>
          {view?.state === 'preparing' ? null : !view || view.canRequest ? (
            <Button variant={view ? 'secondary' : 'primary'} loading={ask.isPending} onClick={request}>
              {view ? DATA_EXPORT_TEXT.askAgain : DATA_EXPORT_TEXT.ask}
            </Button>
          ) : (
            <p className="account-muted">{DATA_EXPORT_TEXT.nextFrom(view!.nextRequestAt)}</p>
          )}
        </div>
      )}
    </section>
  );
}

function ExportState({ view, onDownload }: { view: NonNullable<DataExportView>; onDownload: () => Promise<{ data?: DataExportView }> }) {
  const [starting, setStarting] = useState(false);
  const asked = `Requested on ${formatUkDate(view.requestedAt)}`;
  if (view.state === 'ready' && view.downloadUrl) {
    // The link works only in a signed-in session: the state is read first (which renews an expired session's
    // cookie), then the download starts from the address it gives.
    const download = (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      setStarting(true);
      void onDownload()
        .then(({ data }) => {
          if (data?.downloadUrl) window.location.assign(data.downloadUrl);
        })
        .finally(() => setStarting(false));
    };
    return (
      <>
        <p>
          <strong>{DATA_EXPORT_TEXT.ready}</strong>
        </p>
        <p className="data-export__download">
          <a className={buttonClass({})} href={view.downloadUrl} download onClick={download} aria-busy={starting || undefined}>
            <span className="btn__label">{DATA_EXPORT_TEXT.download}</span>
          </a>
          {view.sizeBytes ? <span className="account-muted">Zip file, {fileSizeText(view.sizeBytes)}</span> : null}
        </p>
        <p className="account-muted">{DATA_EXPORT_TEXT.readyUntil(view.expiresAt!)}</p>
      </>
    );
  }
  return (
    <>
      <p>
        <strong>{view.state === 'preparing' ? 'Being prepared' : view.state === 'expired' ? 'Expired' : 'Not prepared'}</strong> <span className="account-muted">· {asked}</span>
      </p>
      <p>{view.state === 'preparing' ? DATA_EXPORT_TEXT.preparing : view.state === 'expired' ? DATA_EXPORT_TEXT.expired(view.expiresAt!) : DATA_EXPORT_TEXT.failed}</p>
    </>
  );
}
