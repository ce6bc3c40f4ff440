import type { UserEvent } from '@testing-library/user-event';

let position = 0;

/**
 * Picks a menu item as a mouse does. The menu highlights items on pointer moves only in pointer
 * modality, which it detects from a changing pointer position; jsdom reports every event at 0,0.
 */
export async function chooseMenuItem(user: UserEvent, item: HTMLElement): Promise<void> {
  position += 1;
  const coords = { clientX: position, clientY: position };
  await user.pointer({ target: item, coords });
  await user.pointer({ keys: '[MouseLeft]', target: item, coords });
}
