/* SPDX-License-Identifier: MIT */
// agent-paced PINENTRY [ARG...]: runs a pinentry as gpg-agent does, for tools/probe to measure.
// The pinentry runs in this very process (so that _NET_WM_PID is the pid the probe started); a
// forked child plays the agent: the greeting awaited, then each command sent only once the reply
// to the one before has come, GETPIN last.
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static const char *commands[] = {
  "OPTION no-grab\n", "OPTION ttytype=xterm\n", "OPTION lc-ctype=C.UTF-8\n", "OPTION lc-messages=C.UTF-8\n",
  "OPTION allow-external-password-cache\n", "OPTION default-ok=_OK\n", "OPTION default-cancel=_Cancel\n",
  "OPTION default-yes=_Yes\n", "OPTION default-no=_No\n", "OPTION default-prompt=PIN:\n",
  "OPTION default-pwmngr=_Save in password manager\n", "OPTION default-cf-visi=Do you really want to make your passphrase visible on the screen?\n",
  "OPTION default-tt-visi=Make passphrase visible\n", "OPTION default-tt-hide=Hide passphrase\n",
  "OPTION touch-file=/nonexistent/touch\n", "OPTION owner=1 vm\n", "GETINFO flavor\n", "GETINFO version\n",
  "GETINFO ttyinfo\n", "GETINFO pid\n", "SETKEYINFO n/0123456789ABCDEF0123456789ABCDEF01234567\n",
  "SETDESC Please enter the passphrase to unlock the OpenPGP secret key:%0A\"Alice <alice@example.org>\"%0A255-bit EDDSA key, ID 0123456789ABCDEF,%0Acreated 2026-11-30.%0A\n",
  "SETPROMPT Passphrase:\n", "GETPIN\n", NULL };
static int in_fd;
static char buf[8192]; static size_t have;
// Reads lines until one starts with OK or ERR.
static void await_reply(void) {
  for (;;) {
    char *nl;
    while ((nl = memchr(buf, '\n', have))) {
      size_t len = nl - buf + 1;
      int done = (len >= 2 && !strncmp(buf, "OK", 2)) || (len >= 3 && !strncmp(buf, "ERR", 3));
      memmove(buf, buf + len, have - len); have -= len;
      if (done) return;
    }
    ssize_t n = read(in_fd, buf + have, sizeof buf - have);
    if (n <= 0) exit(0);
    have += n;
  }
}
int main(int argc, char **argv) {
  int to[2], from[2];
  if (argc < 2 || pipe(to) || pipe(from)) return 2;
  pid_t pid = fork();
  if (pid == 0) {
    close(to[0]); close(from[1]); in_fd = from[0];
    await_reply();
    for (int i = 0; commands[i]; i++) {
      if (write(to[1], commands[i], strlen(commands[i])) < 0) return 0;
      if (commands[i + 1]) await_reply();
    }
    // The answer, then keep the pipe open until the pinentry ends.
    await_reply();
    char c; while (read(in_fd, &c, 1) > 0) {}
    return 0;
  }
  dup2(to[0], 0); dup2(from[1], 1); close(to[0]); close(to[1]); close(from[0]); close(from[1]);
  execv(argv[1], argv + 1);
  return 127;
}
