export { downloadAigcReport } from './download';
export { aigcWordCount, initDetection } from './drafts';
export {
  deleteDetection,
  detectionPayment,
  listDetections,
  listParagraphs,
  loadDetection,
  loadDetectionDetail,
  loadParagraph,
} from './records';
export { reloadDetectionParagraph } from './reload';
export { DetectionMissing, runDetection } from './run';
export { submitDetection } from './submit';
