import { z } from 'zod';
import { email } from '@liftoff/contracts/auth';
import { installValidationMessages } from '@liftoff/contracts/validation-messages';

/*
 * The sign-in form's rules, loaded apart from the screen: zod is not first-load code. The screen fetches this
 * on the first keystroke and waits for it when the form is sent. Being the first module of the app to use zod
 * then, it installs the app's field messages too.
 */
installValidationMessages();

const schema = z.object({
  email,
  password: z.string().min(1, { message: 'Enter your password' }),
});

export type SignInValues = z.output<typeof schema>;
export type SignInField = keyof SignInValues;
export type SignInCheck = { data?: SignInValues; errors: Partial<Record<SignInField, string>> };

/** The values as sent (the address trimmed and in lower case), or the first message for each field. */
export function checkSignIn(values: SignInValues): SignInCheck {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: SignInCheck['errors'] = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SignInField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
