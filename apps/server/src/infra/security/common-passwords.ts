/**
 * Passwords people pick most often, refused at sign-up and password change. Only those of at least 8 characters are
 * listed, as shorter ones are refused by length already. Source: the 1,000 most common passwords of SecLists
 * (`Passwords/Common-Credentials/10-million-password-list-top-1000.txt`, MIT licence, Daniel Miessler), lower-cased,
 * plus a few well-known variants. Compared case-insensitively.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
  00000000 01011980 01012011 0987654321 11111111 1111111111 11223344 12121212 123123123 1232323q 12341234 12344321
  1234554321 12345678 123456789 1234567890 123456789012 1234567891 12345678910 123456789a 123456789q 12345qwert
  1234qwer 123654789 12qwaszx 147258369 147852369 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qaz2wsx3edc 1qazxsw2 4815162342
  55555555 69696969 741852963 77777777 789456123 87654321 88888888 98765432 987654321 aaaaaaaa abc12345 abcd1234
  abcd12345 abcdefgh admin123 admin1234 administrator airborne alexande alexander alexandr american anderson asdf1234
  asdfasdf asdfghjk asdfghjkl babygirl baseball baseball1 benjamin bigdaddy blink182 bollocks brittany brooklyn
  budlight bulldogs bullshit butthead cardinal carolina caroline champion changeme changeme1 cherokee chevelle
  christin cocacola colorado computer corvette courtney creative danielle darkness darkside december dickhead
  dolphins dragon123 drowssap einstein electric elephant elizabet explorer fktrcfylh football football1 franklin
  freepass freeuser garfield godzilla guinness hardcore hello123 iloveyou iloveyou1 iloveyou123 infinity internet
  jennifer jonathan jordan23 juventus kawasaki kimberly kristina lacrosse lasvegas letmein1 letmein123 lifehack
  liverpoo liverpool logitech lovelove loverboy marlboro marshall maryjane maverick mercedes metallic metallica
  michael1 michelle michigan midnight minecraft mitchell monkey123 motorola mountain ncc1701d nicholas nintendo
  november p@ssw0rd p@ssword pakistan panthers paradise passport passw0rd password password! password1 password12
  password123 password1234 passwords passwort patricia patriots pearljam peekaboo platinum poohbear predator princess
  princess1 q1w2e3r4 q1w2e3r4t5 qazwsxedc qwe12345 qweasdzxc qwer1234 qwerty12 qwerty123 qwerty1234 qwerty12345
  qwertyui qwertyuiop qwertyuiop1 redskins redwings rolltide rush2112 samantha scarface scorpion scotland secret123
  security semperfi shithead simpsons slipknot snickers snowball softball spiderma spiderman spitfire stargate
  startrek starwars steelers sunshine sunshine1 superman superman1 svetlana swordfis trustno1 usuckballz1 valentin
  veronica victoria virginia vladimir warcraft welcome1 welcome123 westside whatever wildcats williams wolfpack
  wolverin xxxxxxxx zaq12wsx zaq1xsw2
`
    .split(/\s+/)
    .filter(Boolean),
);
