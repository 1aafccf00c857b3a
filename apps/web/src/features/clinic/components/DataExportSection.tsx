import { fileSizeText, STAFF_DATA_EXPORT_TEXT } from '@elmwood/domain';
import { buttonClass, Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { dataExportUrl, usePatientDataExports, usePrepareDataExport } from '../api';
import { formatDateTime } from '../format';
import { FormError } from './FormError';
import { Section } from './Section';

/** A subject access request on the patient's page (admins): prepare the archive, then download it; both audited. */
export function DataExportSection({ patientId, patientName }: { patientId: string; patientName: string }) {
  const archives = usePatientDataExports(patientId);
  const prepare = usePrepareDataExport(patientId);
  return (
    <Section title={STAFF_DATA_EXPORT_TEXT.title}>
      <p className="clinic-muted">{STAFF_DATA_EXPORT_TEXT.explain}</p>
      <FormError error={prepare.error} />
      <div className="clinic-actions">
        <Button variant={archives.data?.exports.length ? 'secondary' : 'primary'} loading={prepare.isPending} onClick={() => prepare.mutate()}>
          {STAFF_DATA_EXPORT_TEXT.prepare}
        </Button>
      </div>
      <p role="status" className="clinic-muted clinic-data-exports__status">
        {prepare.isSuccess ? STAFF_DATA_EXPORT_TEXT.prepared : ''}
      </p>
      {archives.isPending ? (
        <LoadStatus status="loading" />
      ) : archives.isError ? (
        <LoadStatus status="error" onRetry={() => void archives.refetch()} />
      ) : archives.data.exports.length > 0 ? (
        <ul className="clinic-data-exports">
          {archives.data.exports.map((archive) => {
            const prepared = formatDateTime(archive.readyAt ?? archive.requestedAt);
            return (
              <li key={archive.id}>
                <span>
                  Prepared {prepared}
                  {archive.requestedBy ? ` by ${archive.requestedBy}` : ''}
                </span>
                <span className="clinic-muted">
                  {archive.sizeBytes ? `${fileSizeText(archive.sizeBytes)} · ` : ''}until {formatDateTime(archive.expiresAt!)}
                </span>
                <a className={buttonClass({ variant: 'secondary' })} href={dataExportUrl(patientId, archive.id)} download aria-label={`${STAFF_DATA_EXPORT_TEXT.download} the data of ${patientName}, prepared ${prepared}`}>
                  <span className="btn__label">{STAFF_DATA_EXPORT_TEXT.download}</span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Section>
  );
}
