export { FREE_ACTION_LABELS, FREE_ACTIONS, type FreeAction, type FreeLimit, freeLimits } from './limits';
export { FREE_USES_EXHAUSTED, type FreeUse, isFreeUsesExhausted, freeUsesOf, giveBackFreeUse, type Requester, takeFreeUse, withFreeUse } from './uses';
