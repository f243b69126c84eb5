#!/bin/sh
# bench/accelsim-speed.sh on a run laid out as accelsim-validate.sh leaves
# it, with a hand-written Accel-Sim log: the row takes the log's last
# simulation time, warp instructions and cycles, gpusim runs the same
# trace (vectoradd, 344 warp instructions: 26-accelsim-counts.t), and the
# speed ratio is Accel-Sim's seconds over gpusim's; a run without its trace
# is skipped, and bad options are refused.
. "$(dirname "$0")/lib.sh"
speed=$(dirname "$0")/../bench/accelsim-speed.sh
D=$(cd "$(dirname "$0")/data/accelsim" && pwd)

a=$T/runs/gtx1080/vectoradd/accel-sim
mkdir -p "$a" "$T/runs/gtx1080/gone/accel-sim"
trace-order --arch=gtx1080 --show-machine > "$a/gpgpusim.config"
cp "$a/gpgpusim.config" "$T/runs/gtx1080/gone/accel-sim/"
# two kernels' figures: the last of each is the run's
cat > "$a/log.txt" <<'L'
gpu_tot_sim_cycle = 300
gpgpu_n_tot_w_icount = 100
gpgpu_simulation_time = 0 days, 0 hrs, 0 min, 2 sec (2 sec)
gpu_tot_sim_cycle = 700
gpgpu_n_tot_w_icount = 344
gpgpu_simulation_time = 0 days, 0 hrs, 1 min, 7 sec (67 sec)
L
cp "$a/log.txt" "$T/runs/gtx1080/gone/accel-sim/"

run sh "$speed" -b "$BUILD" -r 2 "$T/runs" "$D"
is "$rc" 0 "exit 0"
row=$(printf '%s\n' "$out" | grep '^| gtx1080 | vectoradd |')
like "$row" '^\| gtx1080 \| vectoradd \| 67 \| [0-9]+\.[0-9]{3} \| [0-9]+\.[0-9]{3} \| [0-9]+ \| [0-9]+ \| [0-9]+\.[0-9]{3} \| [0-9]+ \| 344 / 344 \| 700 / [1-9][0-9]* \|$' \
	"the last time (67 s), warp instructions (344 of both) and cycles (700) of the log"
# x = 67 s over gpusim's seconds, each column (to the rounding of the
# seconds printed, 0.0005 s)
ok "$(printf '%s\n' "$row" | awk -F' *\\| *' '{
	for (k = 0; k < 2; k++) {
		t = $(6 - k); x = $(7 + k)
		if (t <= 0 || x < 67 / (t + 0.0005) - 0.5 || x > 67 / (t - 0.0005) + 0.5)
			exit 1
	} }'; echo $?)" "the ratios are 67 s over the chain's and gpusim's seconds ($row)"
like "$out" '\| gtx1080 \| gone \| \(no simulation time, config or trace: skipped\) \|' \
	"a run whose trace is not there: skipped"

fails_with 2 "-r 0: expected a count of runs from 1" "no runs" \
	sh "$speed" -b "$BUILD" -r 0 "$T/runs" "$D"
fails_with 2 "usage: " "one directory" sh "$speed" -b "$BUILD" "$T/runs"
fails_with 2 "$T/none/bin/trace-gen: not built" "no build" \
	sh "$speed" -b "$T/none" "$T/runs" "$D"

done_testing
