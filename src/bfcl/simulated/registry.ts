/**
 * The simulated APIs by the class name an entry's `involved_classes` gives (the leaderboard's
 * `CLASS_FILE_PATH_MAPPING`, for the classes of the four multi-turn categories).
 */
import type { SimulatedApiFactory } from './api.js';
import { createGorillaFileSystem } from './gorilla-file-system.js';
import { createMathAPI } from './math-api.js';
import { createMessageAPI } from './message-api.js';
import { createTwitterAPI } from './posting-api.js';
import { createTicketAPI } from './ticket-api.js';
import { createTradingBot } from './trading-bot.js';
import { createTravelAPI } from './travel-booking.js';
import { createVehicleControlAPI } from './vehicle-control.js';

export const SIMULATED_APIS: ReadonlyMap<string, SimulatedApiFactory> = new Map<string, SimulatedApiFactory>([
  ['GorillaFileSystem', createGorillaFileSystem],
  ['MathAPI', createMathAPI],
  ['MessageAPI', createMessageAPI],
  ['TicketAPI', createTicketAPI],
  ['TradingBot', createTradingBot],
  ['TravelAPI', createTravelAPI],
  ['TwitterAPI', createTwitterAPI],
  ['VehicleControlAPI', createVehicleControlAPI],
]);

/** Classes with no state to load (`STATELESS_CLASSES`): `_load_scenario` is never called on them. */
export const STATELESS_CLASSES: ReadonlySet<string> = new Set(['MathAPI']);
