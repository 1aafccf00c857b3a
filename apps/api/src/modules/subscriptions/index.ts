export { createPlanService, PLAN_NOT_FOUND_MESSAGE, type PlanService } from './plan';
export { createRenewalService, type RenewalService, type RoundReport, type ChargeOutcome } from './renewals';
export { planRoutes } from './routes';
export { checkInAnswered } from './check-in';
export { dateFirstRenewalFromDispatch, doseLadder, planReTitration, planSupplies, type PlanSupply } from './dose-history';
export { restartDoses, restartPlanAtDose, supplyStoppedByCheckIn } from './clinician-restart';
export type { OrderPaymentEvents, PlanEvents, PlanEventInput } from './workflow-ports';
export { createRenewalOrder, lockPlan, patientPlansIn, planOfOrder, renewalsOfPlan, repricePlanForDose, updatePlan, type PlanRow } from './repo';
export { approvalDoses, type ApprovalDoses } from './approval-doses';
