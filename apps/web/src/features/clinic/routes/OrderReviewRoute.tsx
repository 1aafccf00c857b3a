import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { useOrderReview } from '../api';
import { ReleaseSection } from '../components/ReleaseSection';
import { DecisionActions } from '../components/DecisionActions';
import { DispatchSection } from '../components/DispatchSection';
import { CancelOrderSection } from '../components/CancelOrderSection';
import { PatientThread } from '../components/PatientThread';
import { VerificationSection } from '../components/VerificationSection';
import { PatientSupportMessages } from '../components/PatientSupportMessages';
import { DataExportSection } from '../components/DataExportSection';
import { InjectionLog, SideEffectDiary } from '../components/TreatmentRecord';
import {
  ConsultationAnswers,
  GpDetails,
  Measurements,
  OrderSummary,
  PatientSummary,
  Photos,
  PreviousOrders,
  SupplyHistory,
  DoseDecision,
  SecondAccounts,
  TaskList,
  Timeline,
} from '../components/ReviewSections';
import { stateName } from '../format';
import { can } from '../roles';
import { useStaff } from '../useStaffSession';

export function Component() {
  const { number = '' } = useParams();
  useDocumentTitle(`Order ${number}`);
  const staff = useStaff();
  const review = useOrderReview(number);
  if (review.isPending) return <LoadStatus status="loading" />;
  if (review.isError) {
    if (isApiError(review.error) && review.error.isNotFound) {
      return <EmptyState headingLevel={1} title={`No order ${number}`} message="Check the order number and try again." />;
    }
    return <LoadStatus status="error" onRetry={() => void review.refetch()} />;
  }
  const order = review.data;
  // Support's view carries no clinical record (see supportOrderViewSchema): only what helps with the order.
  const clinical = order.view === 'clinical' ? order : null;
  return (
    <div className="clinic-page">
      <div className="clinic-page__head">
        <h1>Order {order.orderNumber}</h1>
        <Tag tone={order.state === 'rejected' || order.state === 'cancelled' ? 'neutral' : 'info'}>
          <span className="visually-hidden">Status: </span>
          {stateName(order.state)}
        </Tag>
        {order.renewal ? <Tag tone="info">Renewal</Tag> : null}
        {clinical?.renewal?.doseIncrease ? <Tag tone="accent">Higher dose asked for</Tag> : null}
        {clinical?.dose?.reTitration?.needed ? <Tag tone="accent">Re-titration: restart at {clinical.dose.reTitration.proposed.dosage}</Tag> : null}
        {clinical && clinical.possibleSecondAccounts.length > 0 ? <Tag tone="accent">Possible second account</Tag> : null}
        {clinical?.verification?.required && clinical.verification.standing !== 'valid' ? <Tag tone="accent">Verification needed</Tag> : null}
        {clinical?.verification?.standing === 'valid' && clinical.verification.outsideTolerance ? <Tag tone="accent">BMI differs from declared</Tag> : null}
        {can(staff.role, 'seeDispatch') && (order.state === 'approved' || order.state === 'dispatched') ? (
          <Link to={`/clinic/orders/${encodeURIComponent(order.orderNumber)}/packing-slip`}>Packing slip</Link>
        ) : null}
      </div>
      <div className="clinic-review">
        <div className="clinic-review__main">
          {clinical && can(staff.role, 'decide') ? <DecisionActions review={clinical} /> : null}
          {clinical && can(staff.role, 'release') && !order.needsPrescriber ? <ReleaseSection review={clinical} /> : null}
          {can(staff.role, 'cancelOrders') ? <CancelOrderSection review={order} role={staff.role} /> : null}
          {clinical && can(staff.role, 'dispatch') && (order.state === 'approved' || order.state === 'dispatched') ? <DispatchSection review={clinical} /> : null}
          {clinical ? (
            <>
              <SecondAccounts review={clinical} />
              <VerificationSection review={clinical} canRecord={can(staff.role, 'decide')} />
              <DoseDecision review={clinical} />
              <SupplyHistory review={clinical} />
              <SideEffectDiary record={clinical.companion} />
              <InjectionLog record={clinical.companion} />
              {can(staff.role, 'readOrderMessages') ? (
                <PatientThread orderNumber={clinical.orderNumber} state={clinical.state} showPhotos={can(staff.role, 'seePhotos')} canWrite={can(staff.role, 'writeToPatient')} />
              ) : null}
              <ConsultationAnswers review={clinical} />
              {can(staff.role, 'seePhotos') ? <Photos review={clinical} /> : null}
              <Measurements review={clinical} />
            </>
          ) : (
            <p className="clinic-muted">The patient’s answers, measurements, photos and GP are for the clinical team only, so they are not shown here.</p>
          )}
          <PatientSupportMessages review={order} />
        </div>
        <div className="clinic-review__side">
          <PatientSummary review={order} />
          {can(staff.role, 'exportPatientData') ? <DataExportSection patientId={order.patient.id} patientName={order.patient.name} /> : null}
          <OrderSummary review={order} />
          {clinical ? <GpDetails review={clinical} /> : null}
          <TaskList review={order} />
          <Timeline review={order} />
          <PreviousOrders review={order} />
        </div>
      </div>
    </div>
  );
}
