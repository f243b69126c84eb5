/*
 * run.c - running a helper program on files; see run.h.
 */
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

int wt_run_files(char *const argv[], FILE *in, FILE *out, int err_too,
		 int *status)
{
	int ep[2], exec_errno = 0, saved;
	pid_t pid;
	ssize_t k;

	if (fflush(out) != 0 || pipe2(ep, O_CLOEXEC) != 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		saved = errno;
		close(ep[0]);
		close(ep[1]);
		errno = saved;
		return -1;
	}
	if (pid == 0) {
		/* Only async-signal-safe calls between fork and exec. */
		int e;

		if (dup2(fileno(in), 0) >= 0 && dup2(fileno(out), 1) >= 0 &&
		    (!err_too || dup2(fileno(out), 2) >= 0))
			execvp(argv[0], argv);
		e = errno;
		if (write(ep[1], &e, sizeof(e)) != sizeof(e))
			_exit(126);
		_exit(127);
	}
	close(ep[1]);
	do
		k = read(ep[0], &exec_errno, sizeof(exec_errno));
	while (k < 0 && errno == EINTR);
	close(ep[0]);
	*status = 0;
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	return k == (ssize_t)sizeof(exec_errno) ? exec_errno : 0;
}
