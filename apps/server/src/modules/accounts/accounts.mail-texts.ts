import type { Translations } from '../../infra/i18n/locale.js';

/** The account mails' texts in each language (accounts.mails.ts lays them out). `app` is the product name. */
export interface AccountMailTexts {
  greeting: (firstName: string) => string;
  signature: (app: string) => string;
  openLink: string;
  confirmSubject: (app: string) => string;
  confirmIntro: (app: string) => string;
  confirmButton: string;
  confirmNote: string;
  resetSubject: (app: string) => string;
  resetIntro: (app: string) => string;
  resetButton: string;
  resetNote: string;
  /** To a confirmed account that asked for a confirmation link: log in; the note leads to the forgotten-password page. */
  confirmedSubject: (app: string) => string;
  confirmedIntro: (app: string) => string;
  confirmedButton: string;
  confirmedNote: string;
  /** To an account whose address someone tried to sign up with: log in (confirmedButton), or reset (confirmedNote). */
  existsSubject: (app: string) => string;
  existsIntro: (app: string) => string;
}

export const ACCOUNT_MAIL_TEXTS: Translations<AccountMailTexts> = {
  en: {
    greeting: (name) => `Hi ${name},`,
    signature: (app) => `The ${app} team`,
    openLink: 'Or open this link:',
    confirmSubject: (app) => `Confirm your ${app} account`,
    confirmIntro: (app) => `Welcome to ${app}! Please confirm your e-mail address to finish creating your account:`,
    confirmButton: 'Confirm my e-mail',
    confirmNote: 'The link works once, for 24 hours. If you did not sign up, ignore this e-mail and no account will be made.',
    resetSubject: (app) => `Reset your ${app} password`,
    resetIntro: (app) => `Someone (we hope you) asked to reset the password of your ${app} account. Choose a new password here:`,
    resetButton: 'Choose a new password',
    resetNote: 'The link works once, for 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    confirmedSubject: (app) => `Your ${app} account is confirmed already`,
    confirmedIntro: (app) => `Someone (we hope you) asked for a new link to confirm this e-mail address, but your ${app} account is confirmed already. You can log in:`,
    confirmedButton: 'Log in',
    confirmedNote: 'Forgot your password? Choose a new one here:',
    existsSubject: (app) => `You already have a ${app} account`,
    existsIntro: (app) => `Someone (we hope you) tried to create a ${app} account with this e-mail address, but it has one already. You can log in:`,
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    signature: (app) => `Dein ${app}-Team`,
    openLink: 'Oder öffne diesen Link:',
    confirmSubject: (app) => `Bestätige dein ${app}-Konto`,
    confirmIntro: (app) => `Willkommen bei ${app}! Bitte bestätige deine E-Mail-Adresse, um dein Konto fertig einzurichten:`,
    confirmButton: 'E-Mail-Adresse bestätigen',
    confirmNote: 'Der Link funktioniert einmal und 24 Stunden lang. Wenn du dich nicht registriert hast, ignoriere diese E-Mail; es wird kein Konto angelegt.',
    resetSubject: (app) => `Setze dein ${app}-Passwort zurück`,
    resetIntro: (app) => `Jemand (hoffentlich du) möchte das Passwort deines ${app}-Kontos zurücksetzen. Wähle hier ein neues Passwort:`,
    resetButton: 'Neues Passwort wählen',
    resetNote: 'Der Link funktioniert einmal und 1 Stunde lang. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
    confirmedSubject: (app) => `Dein ${app}-Konto ist bereits bestätigt`,
    confirmedIntro: (app) => `Jemand (hoffentlich du) hat einen neuen Link zur Bestätigung dieser E-Mail-Adresse angefordert, aber dein ${app}-Konto ist bereits bestätigt. Du kannst dich anmelden:`,
    confirmedButton: 'Anmelden',
    confirmedNote: 'Passwort vergessen? Wähle hier ein neues:',
    existsSubject: (app) => `Du hast bereits ein ${app}-Konto`,
    existsIntro: (app) => `Jemand (hoffentlich du) wollte mit dieser E-Mail-Adresse ein ${app}-Konto anlegen, aber sie hat bereits eines. Du kannst dich anmelden:`,
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    signature: (app) => `El equipo de ${app}`,
    openLink: 'O abre este enlace:',
    confirmSubject: (app) => `Confirma tu cuenta de ${app}`,
    confirmIntro: (app) => `¡Te damos la bienvenida a ${app}! Confirma tu dirección de correo electrónico para terminar de crear tu cuenta:`,
    confirmButton: 'Confirmar mi correo',
    confirmNote: 'El enlace funciona una sola vez, durante 24 horas. Si no te has registrado, ignora este correo y no se creará ninguna cuenta.',
    resetSubject: (app) => `Restablece tu contraseña de ${app}`,
    resetIntro: (app) => `Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de ${app}. Elige una nueva contraseña aquí:`,
    resetButton: 'Elegir una nueva contraseña',
    resetNote: 'El enlace funciona una sola vez, durante 1 hora. Si no lo has pedido, ignora este correo: tu contraseña no cambia.',
    confirmedSubject: (app) => `Tu cuenta de ${app} ya está confirmada`,
    confirmedIntro: (app) => `Alguien (esperamos que tú) ha pedido un nuevo enlace para confirmar esta dirección de correo, pero tu cuenta de ${app} ya está confirmada. Puedes iniciar sesión:`,
    confirmedButton: 'Iniciar sesión',
    confirmedNote: '¿Has olvidado tu contraseña? Elige una nueva aquí:',
    existsSubject: (app) => `Ya tienes una cuenta de ${app}`,
    existsIntro: (app) => `Alguien (esperamos que tú) ha intentado crear una cuenta de ${app} con esta dirección de correo, pero ya tiene una. Puedes iniciar sesión:`,
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    signature: (app) => `L’équipe ${app}`,
    openLink: 'Ou ouvrez ce lien :',
    confirmSubject: (app) => `Confirmez votre compte ${app}`,
    confirmIntro: (app) => `Bienvenue sur ${app} ! Confirmez votre adresse e-mail pour terminer la création de votre compte :`,
    confirmButton: 'Confirmer mon e-mail',
    confirmNote: 'Le lien fonctionne une seule fois, pendant 24 heures. Si vous ne vous êtes pas inscrit, ignorez cet e-mail : aucun compte ne sera créé.',
    resetSubject: (app) => `Réinitialisez votre mot de passe ${app}`,
    resetIntro: (app) => `Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte ${app}. Choisissez un nouveau mot de passe ici :`,
    resetButton: 'Choisir un nouveau mot de passe',
    resetNote: 'Le lien fonctionne une seule fois, pendant 1 heure. Si vous ne l’avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
    confirmedSubject: (app) => `Votre compte ${app} est déjà confirmé`,
    confirmedIntro: (app) => `Quelqu’un (vous, nous l’espérons) a demandé un nouveau lien pour confirmer cette adresse e-mail, mais votre compte ${app} est déjà confirmé. Vous pouvez vous connecter :`,
    confirmedButton: 'Se connecter',
    confirmedNote: 'Mot de passe oublié ? Choisissez-en un nouveau ici :',
    existsSubject: (app) => `Vous avez déjà un compte ${app}`,
    existsIntro: (app) => `Quelqu’un (vous, nous l’espérons) a voulu créer un compte ${app} avec cette adresse e-mail, mais elle en a déjà un. Vous pouvez vous connecter :`,
  },
  'pt-BR': {
    greeting: (name) => `Olá, ${name},`,
    signature: (app) => `Equipe ${app}`,
    openLink: 'Ou abra este link:',
    confirmSubject: (app) => `Confirme sua conta no ${app}`,
    confirmIntro: (app) => `Boas-vindas ao ${app}! Confirme seu endereço de e-mail para concluir a criação da sua conta:`,
    confirmButton: 'Confirmar meu e-mail',
    confirmNote: 'O link funciona uma vez, por 24 horas. Se você não se cadastrou, ignore este e-mail e nenhuma conta será criada.',
    resetSubject: (app) => `Redefina sua senha do ${app}`,
    resetIntro: (app) => `Alguém (esperamos que você) pediu para redefinir a senha da sua conta no ${app}. Escolha uma nova senha aqui:`,
    resetButton: 'Escolher uma nova senha',
    resetNote: 'O link funciona uma vez, por 1 hora. Se você não pediu, ignore este e-mail: sua senha continua a mesma.',
    confirmedSubject: (app) => `Sua conta no ${app} já está confirmada`,
    confirmedIntro: (app) => `Alguém (esperamos que você) pediu um novo link para confirmar este endereço de e-mail, mas sua conta no ${app} já está confirmada. Você pode entrar:`,
    confirmedButton: 'Entrar',
    confirmedNote: 'Esqueceu a senha? Escolha uma nova aqui:',
    existsSubject: (app) => `Você já tem uma conta no ${app}`,
    existsIntro: (app) => `Alguém (esperamos que você) tentou criar uma conta no ${app} com este endereço de e-mail, mas ele já tem uma. Você pode entrar:`,
  },
};
