// What other modules may use from weight tracking.
export { weightRoutes } from './routes';
export { createWeightService, type WeightService } from './service';
export { addCheckInPoint, addOrderedConsultationPoints } from './answered';
export { initialWeightKg, weightGoals, weightHistory, weightRecord } from './history';
export { createMilestones, type MilestoneService } from './milestones';
