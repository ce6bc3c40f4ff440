import { Input, type InputProps, Text } from '@chakra-ui/react';
import { type Ref, useState } from 'react';

const CAPS_LOCK_WARNING = '大写锁定已打开';

/** The spec's caps-lock check: the last key typed was an uppercase letter. */
function isCapsLockKey(key: string): boolean {
  return key.length === 1 && key >= 'A' && key <= 'Z';
}

/** A password input that warns under itself while caps lock looks on (spec section 5). */
export function PasswordInput(props: Omit<InputProps, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const [capsLock, setCapsLock] = useState(false);
  return (
    <>
      <Input type="password" onKeyUp={(event) => setCapsLock(isCapsLockKey(event.key))} {...props} />
      {capsLock && (
        <Text fontSize="xs" color="orange.600" role="status">
          {CAPS_LOCK_WARNING}
        </Text>
      )}
    </>
  );
}
