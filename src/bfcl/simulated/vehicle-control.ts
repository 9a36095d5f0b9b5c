/**
 * gorilla `func_source_code/vehicle_control.py` (`VehicleControlAPI`) ported rule for rule: the state a
 * scenario loads (some keys renamed on the way: `engineState` → `engine_state`), the same checks in the
 * same order (a state change made before a later check fails stays made, as in Python), the random
 * temperatures and speeds drawn from `random.Random(random_seed)`, and the long-context additions.
 */
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import {
  CAR_STATUS_METADATA_EXTENSION,
  INTERMEDIARY_CITIES,
  LONG_WEATHER_EXTENSION,
  PARKING_BRAKE_INSTRUCTION,
} from './long-context.js';
import { deepCopy, mod } from './builtins.js';
import {
  add,
  compare,
  contains,
  get,
  getItem,
  iterate,
  multiply,
  setItem,
  subtract,
  toFloat,
  trueDivide,
  truthy,
} from './ops.js';
import { type PyData, PyDict, PyFloat, pyEq } from './py.js';
import { PyRandom } from './random.js';
import { callMethod, type MethodTable, methodNames } from './methods.js';

const MAX_FUEL_LEVEL = 50;
const MIN_FUEL_LEVEL = new PyFloat(0.0);
const MILE_PER_GALLON = new PyFloat(20.0);

const f = (value: number): PyFloat => new PyFloat(value);

/** `DEFAULT_STATE`, made afresh for each load as `deepcopy(DEFAULT_STATE)` is. */
function defaultState(): PyDict {
  return PyDict.of({
    random_seed: 141053,
    fuelLevel: f(0.0),
    batteryVoltage: f(12.6),
    engine_state: 'stopped',
    remainingUnlockedDoors: 4,
    doorStatus: PyDict.of({ driver: 'unlocked', passenger: 'unlocked', rear_left: 'unlocked', rear_right: 'unlocked' }),
    acTemperature: f(25.0),
    fanSpeed: 50,
    acMode: 'auto',
    humidityLevel: f(50.0),
    headLightStatus: 'off',
    parkingBrakeStatus: 'released',
    _parkingBrakeForce: f(0.0),
    _slopeAngle: f(0.0),
    brakePedalStatus: 'released',
    brakePedalForce: f(0.0),
    distanceToNextVehicle: f(50.0),
    cruiseStatus: 'inactive',
    destination: 'None',
    frontLeftTirePressure: f(32.0),
    frontRightTirePressure: f(32.0),
    rearLeftTirePressure: f(30.0),
    rearRightTirePressure: f(30.0),
  });
}

/** The attributes `_load_scenario` sets, in its order, with the scenario key and default key of each. */
const LOADED: readonly [attribute: string, key: string, defaultKey: string][] = [
  ['fuelLevel', 'fuelLevel', 'fuelLevel'],
  ['batteryVoltage', 'batteryVoltage', 'batteryVoltage'],
  ['engine_state', 'engineState', 'engine_state'],
  ['remainingUnlockedDoors', 'remainingUnlockedDoors', 'remainingUnlockedDoors'],
  ['doorStatus', 'doorStatus', 'doorStatus'],
  ['acTemperature', 'acTemperature', 'acTemperature'],
  ['fanSpeed', 'fanSpeed', 'fanSpeed'],
  ['acMode', 'acMode', 'acMode'],
  ['humidityLevel', 'humidityLevel', 'humidityLevel'],
  ['headLightStatus', 'headLightStatus', 'headLightStatus'],
  ['parkingBrakeStatus', 'parkingBrakeStatus', 'parkingBrakeStatus'],
  ['_parkingBrakeForce', 'parkingBrakeForce', '_parkingBrakeForce'],
  ['_slopeAngle', 'slopeAngle', '_slopeAngle'],
  ['brakePedalStatus', 'brakePedalStatus', 'brakePedalStatus'],
  ['_brakePedalForce', 'brakePedalForce', 'brakePedalForce'],
  ['distanceToNextVehicle', 'distanceToNextVehicle', 'distanceToNextVehicle'],
  ['cruiseStatus', 'cruiseStatus', 'cruiseStatus'],
  ['destination', 'destination', 'destination'],
  ['frontLeftTirePressure', 'frontLeftTirePressure', 'frontLeftTirePressure'],
  ['frontRightTirePressure', 'frontRightTirePressure', 'frontRightTirePressure'],
  ['rearLeftTirePressure', 'rearLeftTirePressure', 'rearLeftTirePressure'],
  ['rearRightTirePressure', 'rearRightTirePressure', 'rearRightTirePressure'],
];

/** The zipcode pairs `estimate_distance` knows (either order), and their distance in km. */
const DISTANCES: readonly [string, string, number][] = [
  ['83214', '74532', 750.0],
  ['56108', '62947', 320.0],
  ['71354', '83462', 450.0],
  ['47329', '52013', 290.0],
  ['69238', '51479', 630.0],
  ['94016', '83214', 980.0],
  ['94016', '94704', 600.0],
  ['94704', '08540', 2550.0],
  ['94016', '08540', 1950.0],
  ['62947', '47329', 1053.0],
  ['94016', '62947', 780.0],
  ['74532', '94016', 880.0],
];

const ZIPCODES: readonly [string, string][] = [
  ['Rivermist', '83214'],
  ['Stonebrook', '74532'],
  ['Maplecrest', '56108'],
  ['Silverpine', '62947'],
  ['Shadowridge', '71354'],
  ['Sunset Valley', '83462'],
  ['Oakendale', '47329'],
  ['Willowbend', '52013'],
  ['Crescent Hollow', '69238'],
  ['Autumnville', '51479'],
  ['San Francisco', '94016'],
];

function error(message: PyData): PyDict {
  return new PyDict([['error', message]]);
}

class VehicleControlAPI implements SimulatedApi {
  readonly className = 'VehicleControlAPI';
  /** `vars(self)` after loading, `_`-prefixed ones included, in assignment order. */
  readonly state = new Map<string, PyData>();
  random = new PyRandom(141053);
  readonly methods = methodNames(METHODS);

  call(method: string, args: PyArguments): PyData {
    return callMethod(this.className, METHODS, this, method, args);
  }

  publicAttributes(): [string, PyData][] {
    return [...this.state].filter(([name]) => !name.startsWith('_'));
  }

  loadScenario(config: PyDict, longContext: boolean): void {
    const scenario = deepCopy(config) as PyDict;
    const defaults = defaultState();
    const seed = get(scenario, 'random_seed', defaults.get('random_seed') as PyData);
    if (typeof seed !== 'number') throw new Error(`VehicleControlAPI: random_seed ${String(seed)} is not an int`);
    this.random = new PyRandom(seed);
    this.state.clear();
    for (const [attribute, key, defaultKey] of LOADED)
      this.state.set(attribute, get(scenario, key, defaults.get(defaultKey) as PyData));
    const doorStatus = this.get('doorStatus');
    const locked = iterate(doorStatus).filter((door) => pyEq(getItem(doorStatus as PyDict, door), 'locked'));
    this.state.set('remainingUnlockedDoors', 4 - locked.length);
    this.state.set('long_context', longContext);
  }

  get(attribute: string): PyData {
    return this.state.get(attribute) as PyData;
  }

  set(attribute: string, value: PyData): void {
    this.state.set(attribute, value);
  }

  get longContext(): boolean {
    return truthy(this.get('long_context'));
  }

  startEngine(ignitionMode: PyData): PyData {
    if (pyEq(ignitionMode, 'STOP')) this.set('engine_state', 'stopped');
    if (compare('>', this.get('remainingUnlockedDoors'), 0)) {
      const doors = this.get('doorStatus') as PyDict;
      const unlocked = [...doors].filter(([, status]) => pyEq(status, 'unlocked')).map(([door]) => door);
      return error(
        `All doors must be locked before starting the engine. Here are the unlocked doors: ${unlocked.join(', ')}`,
      );
    }
    if (!pyEq(this.get('brakePedalStatus'), 'pressed'))
      return error('Brake pedal needs to be pressed when starting the engine.');
    if (!pyEq(this.get('_brakePedalForce'), f(1000.0)))
      return error('Must press the brake fully before starting the engine.');
    if (compare('<', this.get('fuelLevel'), MIN_FUEL_LEVEL)) return error('Fuel tank is empty.');
    if (!pyEq(ignitionMode, 'START')) return error('Invalid ignition mode.');
    this.set('engine_state', 'running');
    return PyDict.of({
      engineState: this.get('engine_state'),
      fuelLevel: this.get('fuelLevel'),
      batteryVoltage: this.get('batteryVoltage'),
    });
  }

  fillFuelTank(fuelAmount: PyData): PyData {
    if (compare('<', fuelAmount, 0)) return error('Fuel amount cannot be negative.');
    if (compare('>', add(this.get('fuelLevel'), fuelAmount), MAX_FUEL_LEVEL))
      return error('Cannot fill gas above the tank capacity.');
    if (compare('<', add(this.get('fuelLevel'), fuelAmount), MIN_FUEL_LEVEL))
      return error('Fuel tank is empty. Min fuel level is 0 gallons.');
    this.set('fuelLevel', add(this.get('fuelLevel'), fuelAmount));
    return PyDict.of({ fuelLevel: this.get('fuelLevel') });
  }

  lockDoors(unlock: PyData, door: PyData): PyData {
    const [status, step] = truthy(unlock) ? ['unlocked', 1] : ['locked', -1];
    const doors = this.get('doorStatus') as PyDict;
    for (const d of iterate(door)) {
      if (pyEq(getItem(doors, d), status)) continue;
      setItem(doors, d, status);
      this.set('remainingUnlockedDoors', add(this.get('remainingUnlockedDoors'), step));
    }
    return PyDict.of({ lockStatus: status, remainingUnlockedDoors: this.get('remainingUnlockedDoors') });
  }

  adjustClimateControl(temperature: PyData, unit: PyData, fanSpeed: PyData, mode: PyData): PyData {
    if (!(compare('<=', 0, fanSpeed) && compare('<=', fanSpeed, 100)))
      return error('Fan speed must be between 0 and 100.');
    this.set('acTemperature', temperature);
    if (pyEq(unit, 'fahrenheit')) this.set('acTemperature', trueDivide(multiply(subtract(temperature, 32), 5), 9));
    this.set('fanSpeed', fanSpeed);
    this.set('acMode', mode);
    return PyDict.of({
      currentACTemperature: temperature,
      climateMode: mode,
      humidityLevel: this.get('humidityLevel'),
    });
  }

  outsideTemperatureFromGoogle(): PyData {
    const temperature = f(this.random.uniform(-10.0, 40.0));
    if (!this.longContext) return PyDict.of({ outsideTemperature: temperature });
    // Python writes into the module's dict itself and returns it.
    LONG_WEATHER_EXTENSION.set('outsideTemperature', temperature);
    return LONG_WEATHER_EXTENSION;
  }

  setHeadlights(mode: PyData): PyData {
    if (!contains(['on', 'off', 'auto'], mode)) return error('Invalid headlight mode.');
    const status = pyEq(mode, 'on') ? 'on' : 'off';
    this.set('headLightStatus', status);
    return PyDict.of({ headlightStatus: status });
  }

  displayCarStatus(option: PyData): PyData {
    const status = new PyDict();
    if (this.longContext) status.set('metadata', CAR_STATUS_METADATA_EXTENSION);
    const shown: Readonly<Record<string, readonly [string, string][]>> = {
      fuel: [['fuelLevel', 'fuelLevel']],
      battery: [['batteryVoltage', 'batteryVoltage']],
      doors: [['doorStatus', 'doorStatus']],
      climate: [
        ['currentACTemperature', 'acTemperature'],
        ['fanSpeed', 'fanSpeed'],
        ['climateMode', 'acMode'],
        ['humidityLevel', 'humidityLevel'],
      ],
      headlights: [['headlightStatus', 'headLightStatus']],
      parkingBrake: [
        ['parkingBrakeStatus', 'parkingBrakeStatus'],
        ['parkingBrakeForce', '_parkingBrakeForce'],
        ['slopeAngle', '_slopeAngle'],
      ],
      brakePedal: [
        ['brakePedalStatus', 'brakePedalStatus'],
        ['brakePedalForce', '_brakePedalForce'],
      ],
      engine: [['engineState', 'engine_state']],
    };
    const chosen = Object.keys(shown).find((name) => pyEq(option, name));
    if (chosen === undefined) status.set('error', 'Invalid option');
    else for (const [key, attribute] of shown[chosen]!) status.set(key, this.get(attribute));
    return status;
  }

  activateParkingBrake(mode: PyData): PyData {
    if (!contains(['engage', 'release'], mode)) return error('Invalid mode');
    const [status, force] = pyEq(mode, 'engage') ? ['engaged', 500.0] : ['released', 0.0];
    this.set('parkingBrakeStatus', status);
    this.set('_parkingBrakeForce', f(force));
    this.set('_slopeAngle', f(10.0));
    const result = PyDict.of({ parkingBrakeStatus: status, _parkingBrakeForce: f(force), _slopeAngle: f(10.0) });
    return this.longContext ? new PyDict([['parkingBrakeInstruction', PARKING_BRAKE_INSTRUCTION], ...result]) : result;
  }

  pressBrakePedal(pedalPosition: PyData): PyData {
    if (!(compare('<=', 0, pedalPosition) && compare('<=', pedalPosition, 1)))
      return error('Pedal position must be between 0 and 1.');
    if (pyEq(pedalPosition, 0)) return this.setBrakePedal('released', f(0.0));
    const force = multiply(pedalPosition, 1000);
    this.set('brakePedalStatus', 'pressed');
    this.set('_brakePedalForce', force);
    return PyDict.of({ brakePedalStatus: 'pressed', brakePedalForce: toFloat(force) });
  }

  setBrakePedal(status: string, force: PyFloat): PyData {
    this.set('brakePedalStatus', status);
    this.set('_brakePedalForce', force);
    return PyDict.of({ brakePedalStatus: status, brakePedalForce: force });
  }

  setCruiseControl(speedArgument: PyData, activate: PyData, distanceArgument: PyData): PyData {
    const distance = toFloat(distanceArgument);
    const speed = toFloat(speedArgument);
    if (pyEq(this.get('engine_state'), 'stopped'))
      return error('Start the engine before activating the cruise control.');
    if (truthy(activate)) {
      this.set('distanceToNextVehicle', distance);
      if (compare('<', speed, 0) || compare('>', speed, 120) || !pyEq(mod(speed, 5), 0)) return error('Invalid speed');
      this.set('cruiseStatus', 'active');
      return PyDict.of({ cruiseStatus: 'active', currentSpeed: speed, distanceToNextVehicle: distance });
    }
    this.set('cruiseStatus', 'inactive');
    this.set('distanceToNextVehicle', distance);
    return PyDict.of({ cruiseStatus: 'inactive', currentSpeed: speed, distanceToNextVehicle: distance });
  }

  estimateDistance(cityA: PyData, cityB: PyData): PyData {
    const known = DISTANCES.find(([a, b]) => (pyEq(cityA, a) && pyEq(cityB, b)) || (pyEq(cityA, b) && pyEq(cityB, a)));
    const distance =
      known === undefined ? error('distance not found in database.') : PyDict.of({ distance: f(known[2]) });
    if (this.longContext) distance.set('intermediaryCities', INTERMEDIARY_CITIES);
    return distance;
  }

  setNavigation(destination: PyData): PyData {
    this.set('destination', destination);
    return PyDict.of({ status: add('Navigating to ', destination) });
  }

  checkTirePressure(): PyData {
    const pressures = [
      'frontLeftTirePressure',
      'frontRightTirePressure',
      'rearLeftTirePressure',
      'rearRightTirePressure',
    ];
    const average = trueDivide(
      pressures.map((name) => this.get(name)).reduce((sum, pressure) => add(sum, pressure)),
      4,
    );
    const healthy = compare('<=', 30, average) && compare('<=', average, 35);
    const status = new PyDict(pressures.map((name) => [name, this.get(name)]));
    status.set('healthy_tire_pressure', healthy);
    status.set('car_info', this.longContext ? CAR_STATUS_METADATA_EXTENSION : new PyDict());
    return status;
  }
}

const METHODS: MethodTable<VehicleControlAPI> = {
  startEngine: { params: ['ignitionMode'], run: (car, mode) => car.startEngine(mode) },
  fillFuelTank: { params: ['fuelAmount'], run: (car, amount) => car.fillFuelTank(amount) },
  lockDoors: {
    params: ['unlock', 'door'],
    run: (car, unlock, door) => car.lockDoors(unlock, door),
  },
  adjustClimateControl: {
    params: ['temperature', 'unit', 'fanSpeed', 'mode'],
    defaults: { unit: 'celsius', fanSpeed: 50, mode: 'auto' },
    run: (car, temperature, unit, fanSpeed, mode) => car.adjustClimateControl(temperature, unit, fanSpeed, mode),
  },
  get_outside_temperature_from_google: { params: [], run: (car) => car.outsideTemperatureFromGoogle() },
  get_outside_temperature_from_weather_com: { params: [], run: () => error(404) },
  setHeadlights: { params: ['mode'], run: (car, mode) => car.setHeadlights(mode) },
  displayCarStatus: { params: ['option'], run: (car, option) => car.displayCarStatus(option) },
  activateParkingBrake: { params: ['mode'], run: (car, mode) => car.activateParkingBrake(mode) },
  pressBrakePedal: { params: ['pedalPosition'], run: (car, position) => car.pressBrakePedal(position) },
  releaseBrakePedal: { params: [], run: (car) => car.setBrakePedal('released', f(0.0)) },
  setCruiseControl: {
    params: ['speed', 'activate', 'distanceToNextVehicle'],
    run: (car, speed, activate, distance) => car.setCruiseControl(speed, activate, distance),
  },
  get_current_speed: {
    params: [],
    run: (car) => PyDict.of({ currentSpeed: f(car.random.uniform(0.0, 120.0)) }),
  },
  display_log: { params: ['messages'], run: (_car, messages) => PyDict.of({ log: messages }) },
  estimate_drive_feasibility_by_mileage: {
    params: ['distance'],
    run: (car, distance) =>
      PyDict.of({ canDrive: !compare('<', multiply(car.get('fuelLevel'), MILE_PER_GALLON), distance) }),
  },
  liter_to_gallon: {
    params: ['liter'],
    run: (_car, liter) => PyDict.of({ gallon: multiply(liter, f(0.264172)) }),
  },
  gallon_to_liter: {
    params: ['gallon'],
    run: (_car, gallon) => PyDict.of({ liter: multiply(gallon, f(3.78541)) }),
  },
  estimate_distance: {
    params: ['cityA', 'cityB'],
    run: (car, cityA, cityB) => car.estimateDistance(cityA, cityB),
  },
  get_zipcode_based_on_city: {
    params: ['city'],
    run: (_car, city) => PyDict.of({ zipcode: ZIPCODES.find(([name]) => pyEq(city, name))?.[1] ?? '00000' }),
  },
  set_navigation: { params: ['destination'], run: (car, destination) => car.setNavigation(destination) },
  check_tire_pressure: { params: [], run: (car) => car.checkTirePressure() },
  find_nearest_tire_shop: {
    params: [],
    run: () => PyDict.of({ shopLocation: '456 Oakwood Avenue, Rivermist, 83214' }),
  },
};

export const createVehicleControlAPI: SimulatedApiFactory = () => new VehicleControlAPI();
