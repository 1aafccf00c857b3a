// What other features may use from the video consultation: the call, headless, and its thin parts (the console's
// call panel uses them too).
export { useDeviceCheck } from './hooks/useDeviceCheck';
export { useVideoCall, type CallState } from './hooks/useVideoCall';
export { DeviceCheck } from './components/DeviceCheck';
export { CallStage, callStatusText } from './components/CallStage';
export { CallFallback } from './components/CallFallback';
export { signalUrl } from './api';
export const VIDEO_CONSULTATION_PATH = '/account/video-consultation';
