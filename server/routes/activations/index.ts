/** Activations beyond the engine: domain preview, activation and its allow list, settings. */
import { activationSettingsPlugin } from './activation-settings.ts';
import { activationsPlugin } from './activations.ts';

export const activationPlugins = [activationsPlugin, activationSettingsPlugin];
