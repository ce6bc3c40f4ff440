import type { Config } from '../../config';
import { type LlmFeature, type ModelConfig, modelFor } from '../../engines/llm';
import { type FreeAction, type FreeLimit, freeLimits } from '../free-uses';
import { MODEL_NOT_CONFIGURED_MESSAGE } from '../llm/errors';
import { type RewriteEngineKind, rewriteEngineFor } from '../rewrite/engine-choice';
import { NO_PAYMENT_CHANNEL, type PayChannel, openPayChannels } from '../payments/channels';

/**
 * The services a student can use, one per contract area that does work (the tag of its calls). The aigc tag
 * is two services: detection (aigc, /aigccheck) and lowering AI traces (aigcLower, /aiaigc and /aigcdown),
 * which is built with the rewording engine; each is offered once its own calls are built.
 */
export const SERVICES = ['check', 'aigc', 'aigcLower', 'rewrite', 'paper', 'ppt', 'chat'] as const;
export type ServiceName = (typeof SERVICES)[number];

const UNDER_CONSTRUCTION = '该功能正在建设中';

// The services that cannot work without a language model, and the model each uses (LLM_MODEL_<FEATURE>).
// AIGC detection works offline; its model-based parts will name their feature when they are built.
// Rewording works without a model too: its model modes fall back to the offline engine, labelled offline.
// So do slide decks: a deck from a paper is extracted offline (labelled offline); only the topic path
// needs the model and answers 503 MODEL_NOT_CONFIGURED without one.
const MODEL_OF: Partial<Record<ServiceName, LlmFeature>> = {
  chat: 'chat',
  paper: 'writing',
};

interface Availability {
  available: boolean;
  /** Why not, in Chinese; null when available. */
  reason: string | null;
}

export interface Capabilities {
  services: Record<ServiceName, Availability>;
  payment: Availability & { channels: PayChannel[] };
  registration: { open: boolean };
  /** Who rewords in the model ways (智能降重 is always offline): the rule of services/rewrite/engine-choice.ts. */
  rewriteEngine: RewriteEngineKind;
  /** The daily free allowance of each model action that is not charged (services/free-uses). */
  freeUses: Record<FreeAction, FreeLimit>;
}

/** What decides: the configuration, and which services have real handlers (server/handlers/index.ts). */
export interface CapabilitySources {
  /** The LLM_* settings decide which services that need a model can work (the gateway reads the same ones). */
  config: Pick<
    Config,
    | 'PAYMENT_SANDBOX'
    | 'REGISTRATION'
    | 'FREE_REDUCTIONS_PER_DAY'
    | 'FREE_OUTLINES_PER_DAY'
    | 'FREE_PPT_DRAFTS_PER_DAY'
    | 'FREE_RELOADS_PER_DAY'
    | 'FREE_USES_ADDRESS_FACTOR'
  > &
    ModelConfig;
  builtServices: ReadonlySet<ServiceName>;
}

const available: Availability = { available: true, reason: null };
const unavailable = (reason: string): Availability => ({ available: false, reason });

/**
 * The one rule for what this instance offers. The UI reads it (capabilities call) to explain instead of
 * failing, and the server applies the same answer when it sells packages.
 */
export function capabilities({ config, builtServices }: CapabilitySources): Capabilities {
  const availability = (service: ServiceName): Availability => {
    if (!builtServices.has(service)) return unavailable(UNDER_CONSTRUCTION);
    const feature = MODEL_OF[service];
    return feature && !modelFor(config, feature) ? unavailable(MODEL_NOT_CONFIGURED_MESSAGE) : available;
  };
  const services = Object.fromEntries(SERVICES.map((service) => [service, availability(service)])) as Record<
    ServiceName,
    Availability
  >;
  const channels = openPayChannels(config);
  return {
    services,
    payment: { ...(channels.length > 0 ? available : unavailable(NO_PAYMENT_CHANNEL)), channels },
    registration: { open: config.REGISTRATION === 'open' },
    rewriteEngine: rewriteEngineFor(config, 'rewrite'),
    freeUses: freeLimits(config),
  };
}
