/**
 * The login page's behaviour (lamp-spec.md §2, §4, §5): plain DOM on the static markup of
 * src/pages/login.astro, so the page carries no framework (15 KB script budget).
 */
import { readPublicConfig } from '../../../../shared/config.ts';
import { routeOf } from '../../../../shared/endpoints/routes.ts';
import { MODAL_HIDE_MS } from '../../../../shared/constants.ts';
import { errorAlertText, messages } from '../../../../shared/messages.ts';
import { hasErrors, validateForgottenPassword, validateLogin } from '../../../../shared/auth-forms.ts';
import { afterLoginPath, isFirstLogin, safeNextPath } from './redirect.ts';

const API_BASE = readPublicConfig(import.meta.env).apiBase;
/** Alerts on this page stay as long as the app's default. */
const ALERT_TIMEOUT_MS = 6000;

interface Persona {
  email: string;
  name: string;
  role: string;
  account_name: string;
  note: string;
}

async function api(path: string, init: RequestInit = {}): Promise<{ ok: boolean; status: number; body: unknown }> {
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      credentials: 'include',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = { message: text };
    }
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** Shows or clears a field's error; the input is marked invalid for assistive technology. */
function setFieldError(input: HTMLInputElement, message: string | undefined) {
  const target = byId<HTMLElement>(`${input.id}-error`);
  target.textContent = message ?? '';
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/** An alert at the bottom left (spec §2), closing itself after its timeout. */
function showAlert(type: 'success' | 'error', message: string) {
  const region = byId<HTMLElement>('login-alerts');
  const alert = document.createElement('div');
  alert.setAttribute('role', type === 'error' ? 'alert' : 'status');
  alert.dataset.type = type;
  alert.className = `flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg transition-all duration-500 ${
    type === 'error' ? 'border-red-200 bg-red-50 text-red-900' : 'border-emerald-200 bg-emerald-50 text-emerald-900'
  }`;
  const text = document.createElement('p');
  text.className = 'flex-1';
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'font-semibold leading-none';
  close.setAttribute('aria-label', 'Close alert');
  close.textContent = '×';
  const remove = () => {
    // Slides out over 500 ms (spec §9).
    alert.style.transform = 'translateX(-120%)';
    alert.style.opacity = '0';
    setTimeout(() => alert.remove(), 500);
  };
  close.addEventListener('click', remove);
  alert.append(text, close);
  region.append(alert);
  setTimeout(remove, ALERT_TIMEOUT_MS);
}

function setBusy(form: HTMLFormElement, busy: boolean) {
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
  if (submit) submit.disabled = busy;
  form.setAttribute('aria-busy', String(busy));
}

/** Signs in; returns true when the browser is on its way to the app. */
async function signIn(email: string, password: string, passwordInput: HTMLInputElement): Promise<boolean> {
  const result = await api(routeOf('signIn').path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (result.body ?? {}) as { success?: boolean; action_required?: string };
  if (body.action_required === 'email_verification') {
    showAlert('error', messages.auth.verificationRequired);
    setFieldError(passwordInput, messages.auth.verificationRequired);
    return false;
  }
  if (!result.ok || body.success === false) {
    // Wrong credentials (and any refusal of them) read the same: no hint which part was wrong.
    if (result.status === 400 || result.status === 401 || result.status === 403 || result.ok) {
      setFieldError(passwordInput, messages.auth.emailOrPasswordInvalid);
    } else {
      showAlert('error', errorAlertText(result.body));
    }
    return false;
  }
  // A first login goes through the confirmation page (decisions: first login = consent not yet seen).
  const me = await api(routeOf('currentUser').path);
  const user = (me.body ?? {}) as { viewed_marketing_consent?: boolean; data?: { viewed_marketing_consent?: boolean } };
  const firstLogin = me.ok && isFirstLogin(user.data ?? user);
  window.location.assign(afterLoginPath(window.location.search, firstLogin));
  return true;
}

function setUpLoginForm() {
  const form = byId<HTMLFormElement>('login-form');
  const email = byId<HTMLInputElement>('login-email');
  const password = byId<HTMLInputElement>('login-password');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const errors = validateLogin({ email: email.value, password: password.value });
    setFieldError(email, errors.email);
    setFieldError(password, errors.password);
    if (hasErrors(errors)) {
      (errors.email ? email : password).focus();
      return;
    }
    setBusy(form, true);
    void signIn(email.value.trim(), password.value, password).then((leaving) => {
      if (!leaving) {
        setBusy(form, false);
        password.focus();
      }
    });
  });
}

function setUpForgotPassword() {
  const dialog = byId<HTMLDialogElement>('forgot-dialog');
  const form = byId<HTMLFormElement>('forgot-form');
  const email = byId<HTMLInputElement>('forgot-email');
  const loginEmail = byId<HTMLInputElement>('login-email');
  dialog.style.transition = `opacity ${MODAL_HIDE_MS}ms`;

  const close = () => {
    // The modal fades and hides 200 ms after closing (spec §9).
    dialog.style.opacity = '0';
    setTimeout(() => {
      dialog.close();
      dialog.style.opacity = '';
    }, MODAL_HIDE_MS);
  };

  byId<HTMLButtonElement>('forgot-open').addEventListener('click', () => {
    email.value = loginEmail.value.trim();
    setFieldError(email, undefined);
    setBusy(form, false);
    dialog.showModal();
    email.focus();
  });
  byId<HTMLButtonElement>('forgot-cancel').addEventListener('click', close);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    close();
  });
  // A click on the backdrop (the dialog element itself, outside the form) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const errors = validateForgottenPassword({ email: email.value });
    setFieldError(email, errors.email);
    if (errors.email) {
      email.focus();
      return;
    }
    setBusy(form, true);
    void api(routeOf('forgottenPassword').path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: email.value.trim() }).toString(),
    }).then((result) => {
      setBusy(form, false);
      if (result.ok) {
        showAlert('success', messages.auth.forgotPasswordSuccess);
        close();
      } else {
        showAlert('error', errorAlertText(result.body, messages.auth.forgotPasswordFallback));
      }
    });
  });
}

/** Demo and test mode only: the server answers 404 elsewhere and the section stays hidden. */
async function setUpPersonas() {
  const result = await api(routeOf('demoPersonas').path);
  if (!result.ok) return;
  const { password, data } = result.body as { password: string; data: Persona[] };
  if (!data.length) return;
  const list = byId<HTMLUListElement>('personas-list');
  const passwordInput = byId<HTMLInputElement>('login-password');
  for (const persona of data) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className =
      'flex h-full w-full flex-col items-start rounded-md border border-slate-200 px-3 py-2 text-left hover:border-slate-400 hover:bg-slate-50 disabled:opacity-60';
    button.dataset.email = persona.email;
    const action = document.createElement('span');
    action.className = 'sr-only';
    action.textContent = 'Sign in as ';
    const name = document.createElement('span');
    name.className = 'text-sm font-semibold text-slate-800';
    name.textContent = persona.name;
    const detail = document.createElement('span');
    detail.className = 'text-xs text-slate-600';
    detail.textContent = `${persona.role} · ${persona.account_name}`;
    const note = document.createElement('span');
    note.className = 'text-xs text-slate-600';
    note.textContent = persona.note;
    button.append(action, name, detail, note);
    button.addEventListener('click', () => {
      byId<HTMLInputElement>('login-email').value = persona.email;
      passwordInput.value = '';
      setFieldError(passwordInput, undefined);
      button.disabled = true;
      void signIn(persona.email, password, passwordInput).then((leaving) => {
        if (!leaving) button.disabled = false;
      });
    });
    item.append(button);
    list.append(item);
  }
  byId<HTMLElement>('personas').hidden = false;
}

/**
 * Someone already signed in has nothing to do here: they go on to the path they asked for, or
 * home (the same rule as after signing in, without the login flag: this is not a new sign-in).
 */
async function leaveIfSignedIn() {
  // GET /api/v1/session answers 200 either way: a visitor's expected "no session" is no error.
  const session = await api(routeOf('session').path);
  const body = session.body as { signed_in?: unknown } | null;
  if (session.ok && body?.signed_in === true)
    window.location.replace(safeNextPath(new URLSearchParams(window.location.search).get('next')));
}

export function startLoginPage() {
  void leaveIfSignedIn();
  setUpLoginForm();
  setUpForgotPassword();
  void setUpPersonas();
  document.documentElement.dataset.loginReady = 'true';
}
