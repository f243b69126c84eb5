/*
 * measure - run a shell command and report its wall time, the CPU time
 * (user and system) of all its processes and the peak resident memory of
 * its largest, as one JSON object on stderr:
 *   {"wall_s": 1.234, "cpu_s": 1.456, "max_rss_kib": 5678, "status": 0}
 * Exits with the command's status.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	pid_t pid;
	int status;

	if (argc != 2) {
		fputs("usage: measure 'COMMAND'\n", stderr);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", argv[1], (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	getrusage(RUSAGE_CHILDREN, &ru);
	fprintf(stderr, "{\"wall_s\": %.3f, \"cpu_s\": %.3f, \"max_rss_kib\": %ld, "
		"\"status\": %d}\n",
		(double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9,
		(double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6,
		ru.ru_maxrss, WIFEXITED(status) ? WEXITSTATUS(status) : 128);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
